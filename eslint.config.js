import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "drizzle/",
      "test-results/",
      // Mutation testing's copy of the project and its report (npm run test:mutation).
      ".stryker-tmp/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Route modules call domain functions; only the domain layer reaches the database.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/db/*", "~/db/**", "drizzle-orm", "drizzle-orm/*"],
              allowTypeImports: true,
              message: "Call a domain function instead of the database.",
            },
          ],
        },
      ],
    },
  },
  {
    // Reading requests, redirects, statuses and notices are the route side's (app/lib/actions.server.ts).
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react-router", "@react-router/*"],
              message:
                "Domain code knows nothing of HTTP: return data or throw DomainError (~/domain/errors).",
            },
          ],
        },
      ],
    },
  },
  {
    // The money path runs one way (docs/decisions/030): the pay-back engine works on refunds and
    // payments alone; it does not reach into orders, invoicing, lay-by or the ledger. (A flat
    // config's later block replaces the rule's options, so the domain's HTTP rule is repeated.)
    files: ["app/domain/refunds/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react-router", "@react-router/*"],
              message:
                "Domain code knows nothing of HTTP: return data or throw DomainError (~/domain/errors).",
            },
            {
              group: [
                "~/domain/orders/*",
                "~/domain/invoicing/*",
                "~/domain/layby/*",
                "~/domain/ledger/*",
                "~/domain/reports/*",
              ],
              allowTypeImports: true,
              message:
                "Adapters and the pay-back engine answer plain outcomes; the area that owns the order acts on them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Payment providers are adapters (docs/decisions/008): they start a payment, read a
    // notification into a plain outcome, pay back and look up a refund. They import no business
    // area and no database, only app/lib, the security helpers, DomainError and types (PaymentMethod); the
    // notify route hands their outcome to the orders area.
    files: ["app/domain/payments/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react-router", "@react-router/*"],
              message:
                "Domain code knows nothing of HTTP: return data or throw DomainError (~/domain/errors).",
            },
            {
              group: [
                "~/domain/*",
                "!~/domain/payments",
                "!~/domain/payments/*",
                "!~/domain/security",
                "!~/domain/security/*",
                "!~/domain/errors",
                "~/db",
                "~/db/*",
                "drizzle-orm",
                "drizzle-orm/*",
                "../*",
              ],
              allowTypeImports: true,
              message:
                "A payment adapter imports no business area and no database: answer a plain outcome and let the orders area act on it.",
            },
          ],
        },
      ],
    },
  },
  {
    // One way onto an order's timeline (issue 32): recordOrderEvent in
    // app/domain/orders/order-events.server.ts. Reading the timeline, and the privacy scrub's
    // rewrite of it, stay free. One writer of an order's stage and of its money state: moveOrder
    // (whose one write says so) and moveOrderPayment, beside recordOrderEvent. One way to open a
    // refund and one writer of its status and its parts' (refund-writes.server.ts, whose writes
    // say so).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/domain/orders/order-events.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(insert|delete)$/][arguments.0.name='orderEvents']",
          message:
            "An order's timeline is written by recordOrderEvent (~/domain/orders/order-events.server).",
        },
        {
          // One writer of an order's stage (decision 050) and of its money state (030).
          selector:
            "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='orders'] > ObjectExpression > Property[key.name=/^(status|paymentStatus)$/]",
          message:
            "An order's stage is written by moveOrder (~/domain/orders/move-order.server), its money state by moveOrderPayment (~/domain/orders/order-events.server).",
        },
        {
          // One way to open a refund with its parts, one writer of their status (decision 051).
          selector:
            "CallExpression[callee.property.name='insert'][arguments.0.name=/^(refunds|refundParts)$/]",
          message:
            "A refund is opened with its parts by openRefund (~/domain/refunds/refund-writes.server).",
        },
        {
          selector:
            "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name=/^(refunds|refundParts)$/] > ObjectExpression > Property[key.name='status']",
          message:
            "A refund's status is written by moveRefund, a part's by moveRefundPart (~/domain/refunds/refund-writes.server).",
        },
      ],
    },
  },
  {
    // Test files share their worker's modules (vitest.config.ts: isolate false), so a module mock
    // in one would reach the files after it. The one mock is tests/setup/password-hash.ts's,
    // which every file gets alike; tests use the real modules, databases and servers.
    files: ["**/*.test.ts", "tests/integration/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock"].map((property) => ({
          object: "vi",
          property,
          message: "No module mocks in test files: they would reach the files after this one.",
        })),
      ],
    },
  },
);
