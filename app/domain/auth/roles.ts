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

/**
 * Who reaches the back office: the owner and staff. Both see and work every section, Customers
 * included (contact details, orders, staff notes and tags); what only the owner may do (the team,
 * the audit log, privacy requests: on a customer's page, the links to the privacy tool) goes
 * through requireOwner.
 */
export function isStaffRole(role: string | null | undefined): role is "owner" | "staff" {
  return role === "owner" || role === "staff";
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  staff: "Staff",
  customer: "Customer",
};
