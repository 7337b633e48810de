import { describe, expect, it } from "vitest";
import { listTeam } from "~/domain/staff/team.server";
import { signUpWithPassword } from "~/domain/auth/accounts.server";
import { useTestDatabase } from "../../setup/database";
import { BASE_URL, signedIn } from "./helpers";

useTestDatabase();

describe("the team page", () => {
  it("shows when each account last signed in, and never for one that has not", async () => {
    const before = Date.now();
    const owner = await signedIn("owner");
    await signUpWithPassword({
      email: "never@example.com",
      password: "correct-horse",
      baseURL: BASE_URL,
    });
    const team = await listTeam();
    const signedInRow = team.find((m) => m.email === owner.email)!;
    expect(signedInRow.role).toBe("owner");
    expect(new Date(signedInRow.lastSignIn!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const never = team.find((m) => m.email === "never@example.com")!;
    expect(never.lastSignIn).toBeNull();
  });
});
