import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests mutation testing runs against the money core (stryker.config.mjs): the money code's
 * own unit tests and the integration files that drive refunds, credit notes, the ledger, lay-by
 * cancellation, payments and promotions, with the model test at its fixed seed only (a random
 * seed would let a mutant live or die by chance). Route and page tests are left out: they test
 * the gate and the form, and each file costs seconds a mutant.
 */
export const MUTATION_TESTS = [
  "app/domain/{refunds,invoicing,ledger,orders,layby,promotions}/*.test.ts",
  "tests/integration/invoicing/{credit-notes,refunds,confirm-once,unregistered-shop,order-invoices}.test.ts",
  "tests/integration/ledger/*.test.ts",
  "tests/integration/layby/{staff-cancel,part-payments,unknown-refunds,jobs-lapse}.test.ts",
  "tests/integration/orders/{cancel-order,payments-and-expiry,place-order,delivery-add-ons}.test.ts",
  "tests/integration/payments/*.test.ts",
  "tests/integration/promotions/{promotions,checkout-effect,promotion-rules}.test.ts",
  "tests/integration/money-path-model.test.ts",
];

// Spread, not mergeConfig: merging would add these files to the whole suite's list.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: MUTATION_TESTS,
    // Stryker runs two test processes side by side on two cores: one file at a time each.
    maxWorkers: 1,
    env: { MODEL_RANDOM_RUNS: "0", MODEL_RUNS: "5" },
  },
});
