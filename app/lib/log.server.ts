import pino from "pino";
import pretty from "pino-pretty";
import { env } from "~/env.server";

/**
 * The shop's one logger. Production writes one JSON object a line (time, level, pid, message and
 * its fields) for a log collector; development and `npm run demo` (LOG_FORMAT=pretty) write
 * readable lines; tests log nothing unless LOG_LEVEL says so. Nothing secret goes in a line:
 * request lines carry the route's pattern, never the address with its query (tokens live there),
 * and the fields below are blanked wherever they appear.
 */
function createLogger() {
  let e: ReturnType<typeof env> | undefined;
  try {
    e = env();
  } catch {
    // A bad variable: start-up says which (server/main.ts); meanwhile, log as production does.
  }
  const level = e?.LOG_LEVEL ?? (e?.NODE_ENV === "test" ? "silent" : "info");
  const readable =
    e?.LOG_FORMAT === "pretty" || (e?.LOG_FORMAT === undefined && e?.NODE_ENV === "development");
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "secret",
        "*.secret",
        "email",
        "*.email",
        "authorization",
        "*.authorization",
        "cookie",
        "*.cookie",
        "cardNumber",
        "*.cardNumber",
        "cvv",
        "*.cvv",
        // Payment providers' keys, as the settings' forms and the providers name them.
        ...[
          "passphrase",
          "merchantKey",
          "clientSecret",
          "payfastMerchantKey",
          "payfastPassphrase",
          "payflexClientSecret",
        ].flatMap((name) => [name, `*.${name}`]),
      ],
      censor: "[hidden]",
    },
  };
  return readable
    ? pino(
        options,
        pretty({
          translateTime: "SYS:HH:MM:ss",
          ignore: "pid,hostname",
          singleLine: true,
          sync: true,
        }),
      )
    : pino(options);
}

export const log = createLogger();
