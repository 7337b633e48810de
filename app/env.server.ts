import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().min(3).optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Submissions of each public form allowed per address in 15 minutes. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; a bad value throws an error naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The current environment; parsing is cheap, so tests may change process.env between calls. */
export function env(): Env {
  return parseEnv();
}
