import { z } from "zod";
import { dbIdSchema } from "~/lib/db-ids";
import { MAX_PRICED_LINES } from "./cart-lines";

/** What the cart page sends to learn current prices: variant ids, nothing else. */
export const cartLinesRequestSchema = z.object(
  {
    variantIds: z
      .array(
        dbIdSchema({
          whole: "Variant ids must be whole numbers.",
          positive: "Variant ids must be positive numbers.",
          tooLarge: "That is not a variant id.",
        }),
        "Send variantIds as a list of variant ids.",
      )
      .max(MAX_PRICED_LINES, `Ask for at most ${MAX_PRICED_LINES} variants at once.`),
  },
  "Send a JSON body { variantIds: [...] }.",
);
