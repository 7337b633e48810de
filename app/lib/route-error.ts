import { isRouteErrorResponse } from "react-router";

export type RouteErrorText = { status: number; title: string; message: string };

const TITLES: Record<number, string> = {
  400: "We could not read that request",
  403: "Not allowed",
  404: "Page not found",
  405: "Not allowed here",
  413: "That was too large",
  415: "We could not read that form",
  429: "Too many attempts",
};

const MESSAGES: Record<number, string> = {
  400: "Something in the request was not right. Please go back and try again.",
  403: "You cannot do this from here.",
  404: "This page does not exist.",
  413: "Please send less at once.",
  429: "Please wait a few minutes and try again.",
};

const SERVER_TITLE = "Unexpected Application Error!";
const SERVER_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * What an error page says about a route's error: a refused request (4xx) keeps its status and
 * the plain message it was thrown with; anything else is our fault and says so, without detail.
 */
export function routeErrorText(error: unknown): RouteErrorText {
  if (isRouteErrorResponse(error)) {
    const { status } = error;
    if (status >= 500) return { status, title: SERVER_TITLE, message: SERVER_MESSAGE };
    const thrown = typeof error.data === "string" ? error.data.trim() : "";
    return {
      status,
      title: TITLES[status] ?? "We could not handle that request",
      message: thrown && thrown !== "Not found" ? thrown : (MESSAGES[status] ?? MESSAGES[400]!),
    };
  }
  // Server errors reach the page already reduced to a generic message in production.
  const message = error instanceof Error && error.message ? error.message : SERVER_MESSAGE;
  return { status: 500, title: SERVER_TITLE, message };
}
