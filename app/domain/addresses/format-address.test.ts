import { describe, expect, it } from "vitest";
import { addressLines, addressOneLine, deliveryContactLines } from "./format-address";

describe("printing an address", () => {
  it.each([
    [
      "every part given",
      {
        complex: "Unit 4, Protea Gardens",
        address: "7 Buiten Street",
        suburb: "Boikhutso",
        city: "Lichtenburg",
        province: "NW" as const,
        postalCode: "2740",
      },
      ["Unit 4, Protea Gardens", "7 Buiten Street", "Boikhutso", "Lichtenburg 2740", "North West"],
    ],
    [
      "no complex or suburb",
      {
        address: "3 Main Road",
        complex: "",
        suburb: "",
        city: "Mahikeng",
        province: "NW" as const,
        postalCode: "2745",
      },
      ["3 Main Road", "Mahikeng 2745", "North West"],
    ],
    [
      "an order from before provinces were asked",
      { address: "12 Church Street", city: "Lichtenburg", postalCode: "2740", province: null },
      ["12 Church Street", "Lichtenburg 2740"],
    ],
    [
      "an old row with a postal code that was never four digits",
      { address: "Plot 12, Bakerville road", city: "Bakerville", postalCode: "", province: null },
      ["Plot 12, Bakerville road", "Bakerville"],
    ],
    [
      "an erased order (POPIA): nothing but blanks",
      { address: "", complex: "", suburb: "", city: "", postalCode: "", province: null },
      [],
    ],
    [
      "spaces around the parts",
      {
        address: " 8 Long Street ",
        complex: "  ",
        suburb: " Gardens ",
        city: "Cape Town",
        province: "WC" as const,
        postalCode: "8001",
      },
      ["8 Long Street", "Gardens", "Cape Town 8001", "Western Cape"],
    ],
  ])("%s", (_case, address, lines) => {
    expect(addressLines(address)).toEqual(lines);
    // The one-line form is the same lines, so a picker and a page never disagree.
    expect(addressOneLine(address)).toBe(lines.join(", "));
  });

  it.each([
    [
      { deliveryMobile: "+27825550101", accessNotes: "Gate code 1234" },
      ["Delivery contact: 082 555 0101", "Access: Gate code 1234"],
    ],
    [{ deliveryMobile: "", accessNotes: "  " }, []],
    [{}, []],
    [{ accessNotes: "Blue gate, second house" }, ["Access: Blue gate, second house"]],
  ])("delivery notes %j", (contact, lines) => {
    expect(deliveryContactLines(contact)).toEqual(lines);
  });
});
