import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { base32, groupedSecret, totpUri } from "./totp-uri";

describe("the authenticator app's address", () => {
  it("encodes RFC 4648's test vectors in base32 without padding", () => {
    const cases: [string, string][] = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [text, encoded] of cases) {
      expect(base32(new TextEncoder().encode(text))).toBe(encoded);
    }
  });

  it("is an otpauth address an app reads back to the same key, six digits every 30 seconds", () => {
    const uri = totpUri({
      issuer: "SlumberCornerBeds",
      account: "thabo+staff@example.com",
      secret: "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6",
    });
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.issuer).toBe("SlumberCornerBeds");
    expect(parsed.label).toBe("thabo+staff@example.com");
    expect(parsed.digits).toBe(6);
    expect(parsed.period).toBe(30);
    expect(new TextDecoder().decode(parsed.secret.bytes)).toBe("a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6");
    expect(groupedSecret(uri).replace(/ /g, "")).toBe(parsed.secret.base32);
    expect(groupedSecret(uri)).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  });
});
