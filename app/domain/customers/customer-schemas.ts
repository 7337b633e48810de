import { z } from "zod";
import { REQUIRED_MESSAGE } from "~/lib/forms";

export const MAX_NOTE_LENGTH = 2000;
export const MAX_TAG_LENGTH = 40;
export const NOTE_TOO_LONG = `A note is at most ${MAX_NOTE_LENGTH} characters.`;
export const TAG_TOO_LONG = `A tag is at most ${MAX_TAG_LENGTH} characters.`;
export const TAG_CHARACTERS = "A tag is letters, numbers, spaces and - only.";

/** The customer page's Add Note form. */
export const customerNoteSchema = z.object({
  body: z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(MAX_NOTE_LENGTH, NOTE_TOO_LONG),
});

/** The customer page's Add Tag form: a short label, compared without regard to case. */
export const customerTagSchema = z.object({
  tag: z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(MAX_TAG_LENGTH, TAG_TOO_LONG)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, TAG_CHARACTERS)
    .transform((t) => t.replace(/\s+/g, " ")),
});

export type CustomerNoteInput = z.infer<typeof customerNoteSchema>;
export type CustomerTagInput = z.infer<typeof customerTagSchema>;
