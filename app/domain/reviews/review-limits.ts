/*
 * What a review may hold, for the form (which loads no schema with the page) and the schema
 * alike.
 */

/** How many photos one review carries. */
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
export const REVIEW_NAME_MAX = 60;
export const RATING_MESSAGE = "Choose from 1 to 5 stars.";

/** The form's file field (one input that takes several files). */
export const PHOTOS_FIELD = "photos";

/** The media store's folder of review photos (shown at /media while their review is published). */
export const REVIEW_PHOTO_FOLDER = "reviews";
