/**
 * The demo shop's owner account, created by the demo seed and printed by `npm run demo`.
 * Only for the demo data: a real shop creates its owner with `npm run admin:create`.
 */
export const DEMO_OWNER = {
  email: "owner@demo.slumbercorner.co.za",
  password: "demo-owner-pass",
  name: "Demo Owner",
} as const;
