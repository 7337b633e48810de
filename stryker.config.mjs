// Mutation testing of the money core (issue 50): `npm run test:mutation`. Not in CI: a run
// takes long on two cores (figures in bench/README.md). Stryker changes one thing at a time in
// the files under `mutate` and runs the tests that cover that place; a change no test notices
// ("survived") is a hole in the net, or an equivalent change listed in bench/README.md.
/** The money core: what decides an amount, a refund's life, a ledger line or a discount. */
export const MONEY_CORE = [
  "app/domain/refunds/{refund-split,refund-status}.ts",
  "app/domain/refunds/{settle-refund,refund-writes}.server.ts",
  "app/domain/ledger/{sales-statements,cash-statements}.ts",
  "app/domain/ledger/{record-sales,record-cash}.server.ts",
  "app/domain/invoicing/{credit-note-lines,invoice-amounts}.ts",
  "app/domain/invoicing/{refund-order,credited-so-far,refunded-so-far}.server.ts",
  "app/domain/orders/{payment-status,totals,line-owed}.ts",
  "app/domain/orders/sold-units.server.ts",
  "app/domain/layby/cancellation.ts",
  "app/domain/layby/layby-pay-back.server.ts",
  "app/domain/promotions/promotion-rules.ts",
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  coverageAnalysis: "perTest",
  mutate: MONEY_CORE,
  // Messages and log lines are judged by the route and page tests, which this run leaves out;
  // a changed word is not a changed amount.
  mutator: { excludedMutations: ["StringLiteral"] },
  concurrency: 2,
  timeoutMS: 60_000,
  // The first run of the whole money set (42 files, one file at a time) takes 5-6 minutes on
  // two busy cores, past Stryker's default of five.
  dryRunTimeoutMinutes: 20,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Anchored to the project's root: a bare "reports" also left `app/domain/reports` out of the
  // sandbox, so every test file importing it failed to load and counted no test (the model test
  // and the ledger's files among them), and their mutants "survived".
  ignorePatterns: ["/build", "/data", "/reports", "/test-results", "/coverage", "/tests/e2e"],
  // A second run tests again only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: "reports/mutation/incremental.json",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
