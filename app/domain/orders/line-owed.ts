/**
 * What became of an order line's units (docs/decisions/050), in staff's words for the order
 * page: how many were handed over, and how many a refund credited, back in stock or kept by the
 * customer. Empty while nothing has happened to it but its order.
 */
export function lineOwedWords(line: {
  quantity: number;
  creditedQuantity: number;
  returnedQuantity: number;
  deliveredQuantity: number;
}): string {
  const words: string[] = [];
  if (line.deliveredQuantity > 0) words.push(`${line.deliveredQuantity} delivered`);
  const credited = line.creditedQuantity;
  const returned = line.returnedQuantity;
  if (credited > 0) {
    words.push(
      returned === credited
        ? `${credited} refunded, back in stock`
        : returned === 0
          ? `${credited} refunded, kept by the customer`
          : `${credited} refunded, ${returned} back in stock`,
    );
  }
  return words.join(" · ");
}
