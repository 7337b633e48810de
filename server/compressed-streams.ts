import type { NextFunction, Request, Response } from "express";

/**
 * The compression middleware hands a response's "drain" listeners to its compressor, but not
 * their removal: React Router waits for each drain of a long streamed answer (a year's CSV)
 * with `once("drain")` and then `off("drain")`, and every wait left a listener on the
 * compressor, until Node warned of a possible memory leak. Here a `once("drain")` listener
 * removes itself from whichever stream fired it. Goes right after compression().
 */
export function drainListenersThatLeave(_req: Request, res: Response, next: NextFunction) {
  const once = res.once;
  res.once = function onceDrain(
    this: Response,
    event: string | symbol,
    listener: (...args: unknown[]) => void,
  ) {
    if (event !== "drain") return once.call(this, event, listener);
    const wrapped = function (this: NodeJS.EventEmitter, ...args: unknown[]) {
      this.removeListener("drain", wrapped);
      res.removeListener("drain", wrapped);
      listener.apply(this, args);
    };
    // As Node's own once() wrapper: off("drain", listener) on the response finds it.
    wrapped.listener = listener;
    return this.on("drain", wrapped);
  } as Response["once"];
  next();
}
