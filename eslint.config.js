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
    // The money path runs one way (docs/decisions/030): a payment provider's adapter reads its
    // provider and answers plain outcomes, and the pay-back engine works on refunds and payments
    // alone; neither reaches into orders, invoicing, lay-by or the ledger. (A flat config's later
    // block replaces the rule's options, so the domain's HTTP rule is repeated here.)
    files: [
      "app/domain/payments/{payfast,payflex,demo-gateway,payfast-refund}.server.ts",
      "app/domain/payments/{provider,payfast-encoding,demo-cards}.ts",
      "app/domain/refunds/**/*.{ts,tsx}",
    ],
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
);
