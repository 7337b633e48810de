import { drawBed, type BedOptions } from "./beds";
import { drawAccessory, drawFurniture, type AccessoryItem, type FurniturePiece } from "./extras";
import {
  drawBedding,
  drawMattress,
  drawPillow,
  type BeddingPattern,
  type MattressCore,
} from "./soft-goods";

/** What a product's picture shows; `colour` differs per product so cards are told apart. */
export type ProductArt =
  | ({ kind: "bed" } & BedOptions)
  | { kind: "mattress"; colour: string; core: MattressCore }
  | { kind: "pillow"; colour: string; contour?: boolean }
  | { kind: "bedding"; colour: string; pattern: BeddingPattern }
  | { kind: "furniture"; colour: string; piece: FurniturePiece }
  | { kind: "accessory"; colour: string; item: AccessoryItem };

/** The product's picture as an SVG document (4:3). */
export function drawProduct(art: ProductArt): string {
  switch (art.kind) {
    case "bed":
      return drawBed(art);
    case "mattress":
      return drawMattress(art);
    case "pillow":
      return drawPillow(art);
    case "bedding":
      return drawBedding(art);
    case "furniture":
      return drawFurniture(art);
    case "accessory":
      return drawAccessory(art);
  }
}
