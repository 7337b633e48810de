/** The hidden field people never see and form-filling bots fill in (kept free of zod: it ships). */
export const HONEYPOT_FIELD = "website";
