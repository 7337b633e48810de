import { Save } from "lucide-react";
import type * as React from "react";
import { Children, cloneElement } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { Input, Label, NativeSelect, Textarea } from "~/components/admin/ui/input";
import {
  BADGES,
  BED_SIZES,
  PRODUCT_STATUSES,
  productFormSchema,
} from "~/domain/catalog/product-schemas";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { CHECKBOX_GROUPS } from "~/domain/catalog/listing-query";
import type { FormActionResult } from "~/lib/forms";
import { mediaSrc } from "~/lib/media";
import { amountInputValue, MONEY_INPUT } from "~/lib/money";
import { useAdminForm } from "./use-admin-form";

type Option = { id: number; name: string };
type Variant = {
  size: string;
  sku: string;
  priceCents: number;
  originalPriceCents: number | null;
  costCents: number | null;
};
type Image = { id: number; mediaKey: string; alt: string };
export type ProductFormProduct = {
  title: string;
  description: string;
  categoryId: number;
  brandId: number | null;
  status: string;
  type: string;
  badge: string | null;
  isNew: boolean;
  mattressType: string | null;
  bedType: string | null;
  comfortLevel: string | null;
  laybyText: string;
  deliveryText: string;
};

const facet = (id: string) => CHECKBOX_GROUPS.find((g) => g.id === id)?.options ?? [];

const VARIANT_FIELD_LABELS: Record<string, string> = {
  sku: "SKU",
  price: "Price (R)",
  originalPrice: "Original price (R)",
  cost: "Cost (R)",
};
/** A size's field: a table cell, or in a narrow box a field with its column's name above it. */
const STACKED_FIELD =
  "py-1 pr-2 align-top @max-2xl:block @max-2xl:p-0 @max-2xl:before:mb-1 @max-2xl:before:block @max-2xl:before:text-xs @max-2xl:before:text-muted-foreground @max-2xl:before:content-[attr(data-label)]";

/** Create and edit form of a product: details, one row per size, filters and pictures. */
export function ProductForm({
  options,
  product,
  variants = [],
  images = [],
  pageResult,
  afterSave,
}: {
  options: { categories: Option[]; brands: Option[] };
  product?: ProductFormProduct;
  variants?: Variant[];
  images?: Image[];
  pageResult?: FormActionResult;
  /** Where to go once saved. */
  afterSave: string;
}) {
  const navigate = useNavigate();
  const form = useAdminForm({
    schema: productFormSchema,
    pageResult,
    onSuccess: () => void navigate(afterSave),
  });
  const { errors, clearError } = form;
  const typed = form.values;
  const value = (name: string, fallback: string | number | null | undefined) =>
    typed[name] ?? (fallback === null || fallback === undefined ? "" : String(fallback));
  const bySize = new Map(variants.map((v) => [v.size, v]));
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name) clearError(target.name);
  };

  return (
    <form.fetcher.Form
      method="post"
      encType="multipart/form-data"
      onSubmit={form.onSubmit}
      onInput={onInput}
      noValidate
      className="space-y-6"
    >
      <input type="hidden" name="intent" value="save" />
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FieldBox
            name="title"
            label="Title"
            required
            error={errors.title}
            className="md:col-span-2"
          >
            <Input id="title" name="title" defaultValue={value("title", product?.title)} />
          </FieldBox>
          <FieldBox
            name="description"
            label="Description"
            error={errors.description}
            className="md:col-span-2"
          >
            <Textarea
              id="description"
              name="description"
              rows={3}
              defaultValue={value("description", product?.description)}
            />
          </FieldBox>
          <FieldBox name="categoryId" label="Category" error={errors.categoryId}>
            <NativeSelect
              id="categoryId"
              name="categoryId"
              defaultValue={value("categoryId", product?.categoryId ?? options.categories[0]?.id)}
            >
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </FieldBox>
          <FieldBox name="status" label="Status" error={errors.status}>
            <NativeSelect
              id="status"
              name="status"
              defaultValue={value("status", product?.status ?? "active")}
            >
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </FieldBox>
          <FieldBox name="type" label="Type (e.g. Foam Bed)" error={errors.type}>
            <Input id="type" name="type" defaultValue={value("type", product?.type)} />
          </FieldBox>
          <FieldBox name="brandId" label="Brand">
            <NativeSelect
              id="brandId"
              name="brandId"
              defaultValue={value("brandId", product?.brandId)}
            >
              <option value="">No brand</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </NativeSelect>
          </FieldBox>
          <FieldBox name="badge" label="Badge">
            <NativeSelect id="badge" name="badge" defaultValue={value("badge", product?.badge)}>
              <option value="">No badge</option>
              {BADGES.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </NativeSelect>
          </FieldBox>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              name="isNew"
              defaultChecked={product?.isNew ?? false}
              className="size-4 accent-primary"
            />
            Mark as new
          </label>
          <FacetSelect
            name="mattressType"
            label="Mattress type"
            group="mattress-type"
            current={value("mattressType", product?.mattressType)}
          />
          <FacetSelect
            name="bedType"
            label="Bed type"
            group="bed-type"
            current={value("bedType", product?.bedType)}
          />
          <FacetSelect
            name="comfortLevel"
            label="Comfort level"
            group="comfort-level"
            current={value("comfortLevel", product?.comfortLevel)}
          />
          <FieldBox name="laybyText" label="Lay-by text">
            <Input
              id="laybyText"
              name="laybyText"
              defaultValue={value("laybyText", product?.laybyText)}
            />
          </FieldBox>
          <FieldBox name="deliveryText" label="Delivery text" className="md:col-span-2">
            <Input
              id="deliveryText"
              name="deliveryText"
              defaultValue={value("deliveryText", product?.deliveryText)}
            />
          </FieldBox>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sizes and prices</CardTitle>
          <p className="text-sm text-muted-foreground">
            Fill in the sizes this product comes in: SKU and price (Rand, VAT included) are required
            for each; leave a size empty when it is not sold.
          </p>
          {errors.variants && <p className="text-sm text-destructive">{errors.variants}</p>}
        </CardHeader>
        {/* In a box under 672 px each size is a group of labelled fields, not a table row. */}
        <CardContent className="@container">
          <table className="w-full text-sm @max-2xl:block @2xl:min-w-[40rem]">
            <thead className="@max-2xl:hidden">
              <tr className="text-left text-muted-foreground">
                <th className="py-2 pr-2 font-medium">Size</th>
                <th className="py-2 pr-2 font-medium">SKU</th>
                <th className="py-2 pr-2 font-medium">Price (R)</th>
                <th className="py-2 pr-2 font-medium">Original price (R)</th>
                <th className="py-2 font-medium">Cost (R)</th>
              </tr>
            </thead>
            <tbody className="@max-2xl:block">
              {BED_SIZES.map((size) => {
                const v = bySize.get(size);
                const cell = (
                  field: string,
                  fallback: string,
                  props: React.ComponentProps<"input"> = {},
                ) => {
                  const name = `variants.${size}.${field}`;
                  return (
                    <td className={STACKED_FIELD} data-label={VARIANT_FIELD_LABELS[field]}>
                      <Input
                        name={name}
                        aria-label={`${SIZE_LABELS[size]} ${field === "sku" ? "SKU" : field === "price" ? "price" : field === "originalPrice" ? "original price" : "cost"}`}
                        defaultValue={typed[name] ?? fallback}
                        aria-invalid={!!errors[name]}
                        {...props}
                      />
                      {errors[name] && (
                        <p className="mt-1 text-xs text-destructive">{errors[name]}</p>
                      )}
                    </td>
                  );
                };
                return (
                  <tr
                    key={size}
                    className="@max-2xl:grid @max-2xl:grid-cols-2 @max-2xl:gap-2 @max-2xl:border-b @max-2xl:py-3"
                  >
                    <td className="py-1 pr-2 align-top font-medium whitespace-nowrap @max-2xl:col-span-2 @max-2xl:p-0">
                      {SIZE_LABELS[size]}
                    </td>
                    {cell("sku", v?.sku ?? "")}
                    {cell("price", amountInputValue(v?.priceCents), MONEY_INPUT)}
                    {cell("originalPrice", amountInputValue(v?.originalPriceCents), MONEY_INPUT)}
                    {cell("cost", amountInputValue(v?.costCents), MONEY_INPUT)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pictures</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {images.length > 0 && (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {images.map((image) => (
                <li key={image.id} className="space-y-1">
                  <img
                    src={mediaSrc(image.mediaKey, 320)}
                    alt={image.alt}
                    className="aspect-square w-full rounded-md border object-cover"
                  />
                  <label className="flex items-center gap-2 text-xs">
                    <input
                      type="checkbox"
                      name="removeImage"
                      value={image.id}
                      className="accent-destructive"
                    />
                    Remove
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldBox
            name="images"
            label="Add pictures (JPEG, PNG, WebP; up to 5 MB each)"
            error={errors.images}
          >
            <Input
              id="images"
              name="images"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              multiple
              className="h-auto py-2"
            />
          </FieldBox>
        </CardContent>
      </Card>

      <div className="flex gap-3">
        <Button type="submit" disabled={form.submitting}>
          <Save /> {form.submitting ? "Saving..." : "Save Product"}
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/products">Cancel</Link>
        </Button>
      </div>
    </form.fetcher.Form>
  );
}

function FieldBox({
  name,
  label,
  required,
  error,
  className,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  /** The one control (its id is `name`); marked invalid and described by the message. */
  children: React.ReactElement<React.AriaAttributes>;
}) {
  const errorId = `${name}-error`;
  const control = cloneElement(Children.only(children), {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  });
  return (
    <div className={`space-y-1.5 ${className ?? ""}`}>
      <Label htmlFor={name}>
        {label}
        {required && <span className="text-destructive"> *</span>}
      </Label>
      {control}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function FacetSelect({
  name,
  label,
  group,
  current,
}: {
  name: string;
  label: string;
  group: string;
  current: string;
}) {
  return (
    <FieldBox name={name} label={label}>
      <NativeSelect id={name} name={name} defaultValue={current}>
        <option value="">None</option>
        {facet(group).map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FieldBox>
  );
}
