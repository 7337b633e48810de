import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/store/form-field";
import { FormResult } from "~/components/store/form-result";
import { Honeypot } from "~/components/store/honeypot";
import { Icon } from "~/components/store/icon";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import {
  MAX_REVIEW_PHOTOS,
  PHOTOS_FIELD,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from "~/domain/reviews/review-limits";
import type { FormActionResult } from "~/lib/forms";

const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"] as const;

export type ReviewFormValues = {
  rating?: string;
  title?: string;
  body?: string;
  displayName?: string;
};

/**
 * The review's fields: stars (five radio buttons, so arrows choose them by keyboard), a title,
 * the words, the name to show and up to three photos. Posts as multipart without JavaScript.
 */
export function ReviewForm({
  action,
  result,
  defaults,
  photosNote,
  submitLabel,
}: {
  action: string;
  result?: FormActionResult;
  defaults: ReviewFormValues;
  /** Said under the photo field (an edit: what new photos do to the old). */
  photosNote?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = result && !result.ok ? result.fieldErrors : {};
  const values: ReviewFormValues =
    result && !result.ok ? { ...defaults, ...result.values } : defaults;
  const ratingError = errors.rating;
  const photosError = errors[PHOTOS_FIELD];
  const formRef = useRef<HTMLFormElement>(null);
  // A refused form takes the visitor to the first field that needs them.
  useEffect(() => {
    if (result && !result.ok) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [result]);
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="relative space-y-5"
    >
      <FormResult result={result && !result.ok ? result : undefined} />
      <fieldset disabled={submitting} className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium">
            Your rating<span className="text-destructive"> *</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label
                key={stars}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  defaultChecked={values.rating === String(stars)}
                  aria-invalid={ratingError ? true : undefined}
                  aria-describedby={ratingError ? "field-rating-error" : undefined}
                  className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                />
                <span aria-hidden="true" className="flex text-amber-600 dark:text-amber-400">
                  {Array.from({ length: stars }, (_, i) => (
                    <Icon key={i} name="star" className="size-4 fill-current" />
                  ))}
                </span>
                <span>
                  {stars} star{stars === 1 ? "" : "s"}: {STAR_WORDS[stars]}
                </span>
              </label>
            ))}
          </div>
          {ratingError && (
            <p id="field-rating-error" className="mt-1.5 text-sm text-destructive">
              {ratingError}
            </p>
          )}
        </fieldset>
        <FormField
          name="title"
          label="Title"
          maxLength={REVIEW_TITLE_MAX}
          placeholder="Sum it up in a few words"
          error={errors.title}
          defaultValue={values.title}
        />
        <FormField
          as="textarea"
          name="body"
          label="Your review"
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          placeholder="How do you sleep on it? How was the delivery?"
          error={errors.body}
          defaultValue={values.body}
        />
        <FormField
          name="displayName"
          label="Name to show with your review"
          required
          maxLength={REVIEW_NAME_MAX}
          autoComplete="off"
          error={errors.displayName}
          defaultValue={values.displayName}
        />
        <div className="space-y-1.5">
          <Label htmlFor="field-photos">Photos (up to {MAX_REVIEW_PHOTOS})</Label>
          <input
            id="field-photos"
            type="file"
            name={PHOTOS_FIELD}
            multiple
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`field-photos-hint${photosError ? " field-photos-error" : ""}`}
            aria-invalid={photosError ? true : undefined}
            className="block w-full rounded-md text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring file:mr-3 file:min-h-10 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id="field-photos-hint" className="text-sm text-muted-foreground">
            JPEG, PNG or WebP, up to 8 MB each. We remove the location and camera details before
            storing them.{photosNote ? ` ${photosNote}` : ""}
          </p>
          {photosError && (
            <p id="field-photos-error" className="text-sm text-destructive">
              {photosError}
            </p>
          )}
        </div>
        <Honeypot />
        <p className="text-sm text-muted-foreground">
          We read every review before it shows on the shop.
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Icon name="send" /> {submitting ? "Sending..." : submitLabel}
        </Button>
      </fieldset>
    </Form>
  );
}
