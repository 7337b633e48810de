/** The consultation form's types, in the order the form offers them (purchase is the default). */
export const CONSULTATION_TYPES = [
  { value: "purchase", label: "Purchase consultation" },
  { value: "complex", label: "Complex / bulk order" },
  { value: "partner", label: "Become a partner" },
  { value: "franchise", label: "Franchise enquiry" },
] as const;
