/**
 * "Highest Rated" ranks products by a Bayesian average (docs/decisions/048): each product's
 * stars are pulled towards the shop's mean as if it had `PRIOR_WEIGHT` more reviews at that
 * mean, so one 5-star review does not outrank a hundred at 4.8. A product without reviews sits
 * at the mean's weight alone and below any well-reviewed one.
 */
export const PRIOR_WEIGHT = 5;

/** When the shop has no published review yet, the middle of the scale. */
export const FALLBACK_MEAN = 3;

export function bayesianRating(options: {
  ratingTotal: number;
  reviewCount: number;
  shopMean: number;
}): number {
  const { ratingTotal, reviewCount, shopMean } = options;
  return (PRIOR_WEIGHT * shopMean + ratingTotal) / (PRIOR_WEIGHT + reviewCount);
}

export const HIGHEST_RATED_NOTE =
  "Highest Rated weighs each product's average by how many reviews it has, so a few reviews count for less than many.";
