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
);
