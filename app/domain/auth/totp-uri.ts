const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as authenticator apps read a secret. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The otpauth:// address an authenticator app scans, for a secret as better-auth keeps it (a
 * text whose UTF-8 bytes are the key), written as better-auth writes it: six digits, 30 seconds.
 */
export function totpUri(options: { issuer: string; account: string; secret: string }): string {
  const { issuer, account } = options;
  const params = new URLSearchParams({
    secret: base32(new TextEncoder().encode(options.secret)),
    issuer,
    digits: "6",
    period: "30",
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params}`;
}

/** The secret for typing into an app by hand, in groups of four. */
export function groupedSecret(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
