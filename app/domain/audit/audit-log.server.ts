import { desc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "password_reset_requested"
  | "password_reset"
  | "shopper_signed_up"
  | "email_verified"
  | "guest_orders_joined_account"
  | "password_changed"
  | "other_sessions_ended"
  | "password_check_failed"
  | "two_factor_challenged"
  | "two_factor_failed"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_backup_codes_renewed"
  | "two_factor_reset"
  | "role_changed"
  | "product_created"
  | "product_price_changed"
  | "product_archived"
  | "product_deleted"
  | "order_status_changed"
  | "order_refunded"
  | "refund_part_recorded"
  | "layby_cancelled"
  | "layby_payment_recorded"
  | "layby_refund_paid"
  | "enquiry_status_changed"
  | "customer_note_added"
  | "customer_note_removed"
  | "customer_tag_added"
  | "customer_tag_removed"
  | "supplier_created"
  | "supplier_updated"
  | "supplier_deactivated"
  | "supplier_reactivated"
  | "delivery_zone_created"
  | "delivery_zone_updated"
  | "delivery_zone_deactivated"
  | "delivery_zone_reactivated"
  | "delivery_booked"
  | "delivery_moved"
  | "delivery_quoted"
  | "delivery_run_created"
  | "delivery_stop_added"
  | "delivery_stop_removed"
  | "delivery_stop_moved"
  | "delivery_run_started"
  | "delivery_delivered"
  | "delivery_not_delivered"
  | "purchase_order_sent"
  | "purchase_order_created"
  | "purchase_order_updated"
  | "purchase_order_submitted"
  | "purchase_order_approved"
  | "purchase_order_in_transit"
  | "purchase_order_received"
  | "purchase_order_cancelled"
  | "warehouse_created"
  | "warehouse_renamed"
  | "warehouse_sells_online_changed"
  | "warehouse_deactivated"
  | "warehouse_reactivated"
  | "stock_adjusted"
  | "stock_transferred"
  | "low_stock_threshold_changed"
  | "promotion_created"
  | "promotion_updated"
  | "promotion_activated"
  | "promotion_deactivated"
  | "promotion_deleted"
  | "invoice_created"
  | "invoice_updated"
  | "invoice_issued"
  | "invoice_sent"
  | "invoice_paid"
  | "invoice_cancelled"
  | "invoice_credited"
  | "credit_note_paid_back"
  | "settings_updated"
  | "preferences_updated"
  | "test_email_sent"
  | "privacy_data_found"
  | "privacy_data_exported"
  | "customers_exported"
  | "privacy_data_corrected"
  | "privacy_data_erased"
  | "review_written"
  | "review_published"
  | "review_rejected"
  | "review_replied"
  | "review_featured"
  | "review_unfeatured";

export type AuditEntry = {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  subject?: string | null;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
};

/** Adds one line to the audit log, inside the caller's transaction when given one. */
export async function recordAudit(entry: AuditEntry, tx?: Tx): Promise<void> {
  await (tx ?? db()).insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    subject: entry.subject ?? null,
    ipAddress: entry.ipAddress ?? null,
    details: entry.details ?? {},
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest audit lines first, optionally of one action, a page at a time. */
export async function listAuditLog(options: { action?: string; page?: number } = {}) {
  const page = Math.max(1, options.page ?? 1);
  const where = options.action ? eq(auditLog.action, options.action) : undefined;
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
    page,
  };
}
