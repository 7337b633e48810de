export * from "./catalog";
export * from "./leads";
export * from "./settings";
export * from "./orders";
export * from "./inventory";
export * from "./purchasing";
export * from "./auth";
export * from "./invoicing";
