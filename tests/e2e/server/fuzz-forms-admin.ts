import type { FormTarget, ShopFacts } from "./fuzz-corpus";

/** The back office's routes with an action (see formTargets), signed in as the owner. */
export function adminFormTargets(f: ShopFacts): FormTarget[] {
  const email = "naledi@example.com";
  const supplier = {
    name: "Fuzz Foam",
    contactPerson: "Naledi Khumalo",
    leadTimeDays: "14",
    email,
    phone: "083 000 1111",
    address: "3 Main Road, Mahikeng",
  };
  // A zone far from the demo's (Namaqualand codes), so fuzzed checkouts keep their fees.
  const zone = {
    name: "Fuzz Zone",
    postalCodes: "8240, 8200-8299",
    towns: "Springbok",
    "province-northern-cape": "on",
    standardFee: "650",
    freeFrom: "",
    expressFee: "",
    leadDays: "7",
    dropsPerDay: "4",
    sortOrder: "50",
    dayTue: "on",
  };
  const promotion = {
    code: "FUZZ10",
    kind: "percentage",
    description: "Fuzz ten",
    value: "10",
    usageLimit: "5",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    active: "on",
    // The rules' fields, present for the fuzzer to fill; left neutral, so the demo's codes
    // (this form edits promotion 1) still take the fuzzed checkouts.
    minSpend: "0",
    oncePerCustomer: "",
    categoryIds: "",
    productIds: "",
  };
  const product = {
    title: "Fuzz Bed",
    description: "A bed.",
    categoryId: "1",
    brandId: "1",
    status: "draft",
    type: "Foam Bed",
    badge: "SALE",
    isNew: "on",
    mattressType: "foam",
    "variants.queen.sku": "FUZZ-Q",
    "variants.queen.price": "3199.00",
    "variants.queen.originalPrice": "3999",
    "variants.queen.cost": "1500",
    laybyText: "",
    deliveryText: "",
  };
  const manualInvoice = {
    buyerName: "Pule Furniture Co-op",
    buyerEmail: email,
    buyerPhone: "018 632 1234",
    buyerAddress: "14 Nelson Mandela Drive\nMahikeng 2745",
    buyerVatNumber: "4123456789",
    dueDate: "2030-01-31",
    notes: "Phone order",
    "lines.0.sku": "FUZZ-Q",
    "lines.0.description": "",
    "lines.0.quantity": "2",
    "lines.0.unitPrice": "",
    "lines.1.sku": "",
    "lines.1.description": "Delivery",
    "lines.1.quantity": "1",
    "lines.1.unitPrice": "650.00",
  };
  const purchaseOrder = {
    intent: "submit",
    supplierId: "1",
    expectedDate: "2030-01-31",
    notes: "Fuzz order",
    "lines.0.sku": "FUZZ-Q",
    "lines.0.quantity": "2",
    "lines.0.unitCost": "1250.00",
  };
  return [
    { path: "/admin/products", fields: { intent: "delete", id: "2147483647" }, owner: true },
    { path: "/admin/products/new", fields: product, owner: true },
    {
      path: `/admin/products/${f.productId}`,
      fields: { ...product, removeImage: "1" },
      owner: true,
    },
    { path: `/admin/orders/${f.orderNumber}`, fields: { intent: "mark-delivered" }, owner: true },
    // The fuzz order is priced by its zone: a quote is refused and changes nothing.
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: { intent: "quote-delivery", carrier: "own_truck", amount: "1200,00", note: "" },
      owner: true,
    },
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: {
        intent: "refund-preview",
        "qty.0": "1",
        amount: "",
        reason: "Returned within 7 days",
        method: "provider",
        eftReference: "",
        restock: "on",
      },
      owner: true,
    },
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: {
        intent: "refund",
        "qty.0": "1",
        amount: "",
        reason: "Returned within 7 days",
        method: "eft",
        eftReference: "FNB 1234",
        restock: "on",
        // Its preview's mark of the order's refunds (a made-up one is refused with a 409).
        refundsSeen: "0123456789abcdef0123",
      },
      owner: true,
    },
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: {
        intent: "layby-payment",
        amount: "1 150,50",
        owedCents: "115050",
        receiptReference: "TILL-0001",
      },
      owner: true,
    },
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: { intent: "layby-cancel", chargeRule: "hospitalisation_or_death" },
      owner: true,
    },
    {
      path: `/admin/orders/${f.orderNumber}`,
      fields: {
        intent: "refund-record-part",
        refundId: "1",
        partId: "1",
        outcome: "paid_by_hand",
        reference: "CASH-1",
      },
      owner: true,
    },
    {
      path: "/admin/settings",
      fields: { intent: "layby", laybyMinDepositCents: "600.00", laybyChargeBasisPoints: "1" },
      owner: true,
    },
    { path: "/admin/team", fields: { userId: "no-such-user", role: "staff" }, owner: true },
    {
      path: "/admin/privacy",
      fields: { intent: "find", email: "nobody@example.com" },
      owner: true,
    },
    {
      path: "/admin/privacy",
      fields: {
        intent: "correct",
        email: "nobody@example.com",
        firstName: "Nobody",
        lastName: "",
        phone: "082 000 0000",
        newEmail: "",
      },
      owner: true,
    },
    {
      path: "/admin/privacy",
      fields: { intent: "erase", email: "nobody@example.com", confirmEmail: "nobody@example.com" },
      owner: true,
    },
    { path: "/admin/privacy/export", fields: { email: "nobody@example.com" }, owner: true },
    {
      path: "/admin/enquiries/consultations/1",
      fields: { status: "contacted", note: "Called back" },
      owner: true,
    },
    { path: "/admin/enquiries/messages/1", fields: { status: "closed", note: "" }, owner: true },
    { path: "/admin/promotions", fields: { intent: "create", ...promotion }, owner: true },
    { path: "/admin/promotions", fields: { intent: "update", id: "1", ...promotion }, owner: true },
    { path: "/admin/promotions", fields: { intent: "deactivate", id: "1" }, owner: true },
    // A promotion no row has: the demo's codes stay for the fuzzed checkouts.
    { path: "/admin/promotions", fields: { intent: "delete", id: "2147483646" }, owner: true },
    // A review no row has: the fuzz publishes, rejects (and e-mails) no real review.
    ...["publish", "feature", "unfeature"].map((intent): FormTarget => ({
      path: "/admin/reviews",
      fields: { intent, id: "2147483646" },
      owner: true,
    })),
    {
      path: "/admin/reviews",
      fields: { intent: "reject", id: "2147483646", reason: "Names a member of staff." },
      owner: true,
    },
    {
      path: "/admin/reviews",
      fields: { intent: "reply", id: "2147483646", reply: "Thank you for your review." },
      owner: true,
    },
    { path: "/admin/suppliers", fields: { intent: "create", ...supplier }, owner: true },
    { path: "/admin/suppliers", fields: { intent: "update", id: "1", ...supplier }, owner: true },
    { path: "/admin/suppliers", fields: { intent: "deactivate", id: "1" }, owner: true },
    { path: "/admin/delivery-zones", fields: { intent: "create", ...zone }, owner: true },
    // A zone no row has: the demo's zones keep pricing the fuzzed checkouts.
    {
      path: "/admin/delivery-zones",
      fields: { intent: "update", id: "2147483646", ...zone },
      owner: true,
    },
    {
      path: "/admin/delivery-zones",
      fields: { intent: "deactivate", id: "2147483646" },
      owner: true,
    },
    // An order no row has: the fuzz books no real order's delivery day.
    {
      path: "/admin/deliveries",
      fields: { intent: "book", order: "999999999", deliveryDay: "2030-01-08", zone: "1" },
      owner: true,
    },
    {
      path: "/admin/deliveries/to-book",
      fields: { intent: "move", order: "999999999", deliveryDay: "2030-01-09" },
      owner: true,
    },
    // A run far in the future, and stops no run or order has: the fuzz moves no real stop.
    {
      path: "/admin/deliveries",
      fields: { intent: "create-run", day: "2030-01-08", driver: "fuzz-driver", truck: "FUZZ 1" },
      owner: true,
    },
    {
      path: "/admin/deliveries",
      fields: { intent: "add-stop", run: "999999999", order: "999999999" },
      owner: true,
    },
    {
      path: "/admin/deliveries",
      fields: { intent: "remove-stop", run: "999999999", order: "999999999" },
      owner: true,
    },
    {
      path: "/admin/deliveries",
      fields: { intent: "move-stop", run: "999999999", order: "999999999", direction: "up" },
      owner: true,
    },
    // The driver's phone, on a run and an order no row has: the fuzz delivers nothing real.
    ...["/admin/deliveries/my-run", "/admin/deliveries/my-run/send"].flatMap(
      (path): FormTarget[] => [
        { path, fields: { intent: "start-run", run: "999999999" }, owner: true },
        {
          path,
          fields: {
            intent: "delivered",
            order: "999999999",
            proofKey: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
            recipientName: "Fuzz Receiver",
            signature: "",
            signedOnPaper: "on",
          },
          owner: true,
        },
        {
          path,
          fields: {
            intent: "not-delivered",
            order: "999999999",
            proofKey: "7a2d3c4b-5e6f-4a71-8b8c-0d1e2f3a4b5c",
            reason: "nobody_home",
            note: "Fuzz note",
            customerMessage: "Fuzz message for the customer",
          },
          owner: true,
        },
      ],
    ),
    // The fuzz order's buyer, as a guest (the journey's orders are placed signed out).
    {
      path: `/admin/customers/g-${f.orderNumber}`,
      fields: { intent: "add-note", body: "Prefers a call before delivery." },
      owner: true,
    },
    {
      path: `/admin/customers/g-${f.orderNumber}`,
      fields: { intent: "add-tag", tag: "trade" },
      owner: true,
    },
    {
      path: `/admin/customers/g-${f.orderNumber}`,
      fields: { intent: "remove-tag", id: "1" },
      owner: true,
    },
    {
      path: `/admin/customers/g-${f.orderNumber}`,
      fields: { intent: "remove-note", id: "1" },
      owner: true,
    },
    { path: "/admin/purchase-orders/new", fields: purchaseOrder, owner: true },
    { path: "/admin/purchase-orders/1/edit", fields: purchaseOrder, owner: true },
    { path: "/admin/purchase-orders/1", fields: { intent: "approve" }, owner: true },
    {
      path: "/admin/purchase-orders/1",
      fields: { intent: "receive", warehouseId: "1", "receive.1": "2" },
      owner: true,
    },
    { path: "/admin/purchase-orders/1", fields: { intent: "send" }, owner: true },
    { path: "/admin/invoices/new", fields: manualInvoice, owner: true },
    { path: "/admin/invoices/1/edit", fields: manualInvoice, owner: true },
    { path: "/admin/invoices/1", fields: { intent: "send" }, owner: true },
    {
      path: "/admin/invoices/1",
      fields: { intent: "mark_paid", paymentReference: "FNB 4471" },
      owner: true,
    },
    {
      path: "/admin/invoices/1",
      fields: { intent: "cancel", reason: "Ordered twice" },
      owner: true,
    },
    {
      path: "/admin/invoices/1",
      fields: {
        intent: "credit",
        "qty.0": "1",
        amount: "",
        reason: "Returned unopened",
        paidBackBy: "eft",
        paidBackReference: "FNB 9012",
        restock: "on",
        confirm: "on",
        expectedCents: "100",
        creditNotesSeen: "0123456789abcdef0123",
      },
      owner: true,
    },
    {
      path: "/admin/invoices/1",
      fields: {
        intent: "paid_back",
        creditNoteId: "1",
        paidBackBy: "card",
        paidBackReference: "Till 0042",
      },
      owner: true,
    },
    // Warehouses: real ones only where nothing can change (the default one cannot be
    // deactivated); renames and switches name no warehouse, so no journey's names move.
    {
      path: "/admin/inventory/warehouses",
      fields: { intent: "create", name: "Fuzz Room", code: "", sellsOnline: "on" },
      owner: true,
    },
    {
      path: "/admin/inventory/warehouses",
      fields: { intent: "rename", warehouseId: "2147483646", name: "Fuzz Yard" },
      owner: true,
    },
    {
      path: "/admin/inventory/warehouses",
      fields: { intent: "sells-online", warehouseId: "2147483646", sellsOnline: "true" },
      owner: true,
    },
    {
      path: "/admin/inventory/warehouses",
      fields: { intent: "deactivate", warehouseId: "1" },
      owner: true,
    },
    {
      path: "/admin/inventory/warehouses",
      fields: { intent: "reactivate", warehouseId: "1" },
      owner: true,
    },
    {
      path: "/admin/settings/notifications",
      fields: { newOrders: "on", lowStockAlerts: "on", paymentConfirmations: "on" },
      owner: true,
    },
    { path: "/admin/settings/appearance", fields: { theme: "system" }, owner: true },
    {
      path: "/admin/settings",
      fields: {
        intent: "reviews",
        reviewInviteDays: "7",
        claimYearsTrading: "15+",
        claimHappyCustomers: "",
      },
      owner: true,
    },
    {
      path: "/admin/settings",
      fields: {
        storeName: "Fuzz Beds",
        email,
        phone: "018 632 1234",
        streetAddress: "1 Fuzz Street",
        town: "Lichtenburg",
        province: "North West",
        postalCode: "2740",
        legalName: "Fuzz Beds (Pty) Ltd",
        registrationNumber: "2009/123456/07",
        vatNumber: "4123456789",
        timezone: "Africa/Johannesburg",
        dateFormat: "DD/MM/YYYY",
        currency: "ZAR",
      },
      owner: true,
    },
    {
      path: "/admin/settings/integrations",
      fields: {
        intent: "shipping",
        standardDeliveryCents: "299",
        expressDeliveryCents: "299",
        freeDeliveryThresholdCents: "2000",
        removalFeeCents: "250",
        assemblyFeeCents: "350",
      },
      owner: true,
    },
    {
      path: "/admin/settings/integrations",
      fields: {
        intent: "analytics",
        analyticsEnabled: "on",
        analyticsScriptUrl: "https://plausible.io/js/script.js",
        analyticsDomain: "fuzz.example",
      },
      owner: true,
    },
    { path: "/admin/settings/integrations", fields: { intent: "test-email" }, owner: true },
    // Payment set-up: secrets typed are never sent back, whatever the answer.
    {
      path: "/admin/settings/integrations",
      fields: {
        intent: "payfast",
        payfastMerchantId: "10000100",
        payfastMerchantKey: "46f0cd694581a",
        payfastPassphrase: "fuzz passphrase",
        payfastMode: "sandbox",
      },
      owner: true,
    },
    {
      path: "/admin/settings/integrations",
      fields: {
        intent: "payflex",
        payflexClientId: "fuzz-client",
        payflexClientSecret: "fuzz-secret",
        payflexMode: "sandbox",
      },
      owner: true,
    },
    { path: "/admin/settings/integrations", fields: { intent: "remove-payfast" }, owner: true },
    { path: "/admin/settings/integrations", fields: { intent: "remove-payflex" }, owner: true },
    {
      path: "/admin/settings/integrations",
      fields: {
        intent: "bank",
        bankName: "FNB",
        bankAccountHolder: "Fuzz Beds (Pty) Ltd",
        bankAccountNumber: "62012345678",
        bankBranchCode: "250655",
        bankAccountType: "Cheque",
      },
      owner: true,
    },
    // My account and Security: the owner's password is never sent, so no fuzzed form changes
    // it, two-factor, or signs the owner's other sessions out.
    {
      path: "/admin/account",
      fields: {
        intent: "change-password",
        currentPassword: "not-the-password",
        newPassword: "fuzz-pass-1",
        confirmPassword: "fuzz-pass-1",
        twoFactorCode: "",
      },
      owner: true,
    },
    {
      path: "/admin/account",
      fields: { intent: "sign-out-others", currentPassword: "not-the-password", twoFactorCode: "" },
      owner: true,
    },
    {
      path: "/admin/settings/security",
      fields: { intent: "start-two-factor", password: "not-the-password" },
      owner: true,
    },
    {
      path: "/admin/settings/security",
      fields: { intent: "confirm-two-factor", code: "123456" },
      owner: true,
    },
    {
      path: "/admin/settings/security",
      fields: { intent: "two-factor-rule", requireTwoFactor: "on" },
      owner: true,
    },
    { path: "/admin-login/two-factor", fields: { code: "123456" } },
    // Inventory: a SKU and a warehouse no journey uses, so the fuzzed adjustments change no
    // stock another journey counts on.
    {
      path: "/admin/inventory",
      fields: {
        intent: "adjust",
        sku: "FUZZ-NO-SUCH-SKU",
        warehouseId: "1",
        kind: "transfer",
        quantity: "2",
        reason: "Fuzz",
        toWarehouseId: "2147483646",
      },
      owner: true,
    },
    {
      path: "/admin/inventory/1",
      fields: { intent: "threshold", warehouseId: "2147483646", threshold: "3" },
      owner: true,
    },
  ];
}
