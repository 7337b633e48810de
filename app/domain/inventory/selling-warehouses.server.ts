import { sql, type SQL } from "drizzle-orm";
import { stockLevels, warehouses } from "~/db/schema";

/**
 * A condition on a `stock_levels` row: its warehouse is active and sells online. The storefront
 * counts only these levels' available units, and checkout reserves only from them, so stock
 * kept in a warehouse that does not sell online is never offered to shoppers.
 */
export const sellsOnlineLevel: SQL = sql`${stockLevels.warehouseId} in (select ${warehouses.id} from ${warehouses} where ${warehouses.sellsOnline} and ${warehouses.active})`;
