export type Role = "owner" | "staff" | "customer";

/** The signed-in person as the back office sees them. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Read with the session; the owner's two-factor rule depends on it. */
  twoFactorEnabled?: boolean;
};

export function isStaffRole(role: string | null | undefined): role is "owner" | "staff" {
  return role === "owner" || role === "staff";
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  staff: "Staff",
  customer: "Customer",
};
