import type { storeSettings } from "~/db/schema";

/** The shop's own details as first installed; staff change them in the back office. */
export const STORE_SETTINGS = {
  id: 1,
  storeName: "Slumber Corner Beds",
  legalName: "Slumber Corner Beds (Pty) Ltd",
  registrationNumber: "2009/012345/07",
  vatNumber: "4123456789",
  streetAddress: "24 Main Street",
  town: "Lichtenburg",
  province: "North West",
  postalCode: "2740",
  phone: "018 632 1234",
  // Digits only, in international form, as wa.me links need it.
  whatsapp: "27825550142",
  email: "info@slumbercorner.co.za",
  footerHours: {
    label: "Store Hours",
    lines: [
      { days: "Mon-Fri", hours: "8:30AM-5:30PM" },
      { days: "Sat", hours: "8:30AM-4:00PM" },
      { days: "Sun", hours: "Closed" },
    ],
  },
  showroomHours: {
    label: "Showroom Hours",
    lines: [
      { days: "Mon-Fri", hours: "8:00AM-6:00PM" },
      { days: "Sat", hours: "8:00AM-4:00PM" },
      { days: "Sun", hours: "9:00AM-2:00PM" },
    ],
  },
  deliveryHours: {
    label: "Delivery Hours",
    lines: [
      { days: "Mon-Fri", hours: "8:00-5:00" },
      { days: "Sat", hours: "8:00-1:00" },
    ],
  },
  socialLinks: {
    facebook: "https://www.facebook.com/slumbercornerbeds",
    instagram: "https://www.instagram.com/slumbercornerbeds",
    tiktok: "https://www.tiktok.com/@slumbercornerbeds",
    youtube: "https://www.youtube.com/@slumbercornerbeds",
  },
} satisfies typeof storeSettings.$inferInsert;
