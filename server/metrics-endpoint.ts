import cluster from "node:cluster";
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { metricsText } from "../app/lib/metrics.server";
import { sameSecret } from "../app/domain/security/same-secret.server";

const ASK = "shop:metrics-request";
const ANSWER = "shop:metrics-answer";

/**
 * /metrics in Prometheus's text format, for whoever sends `Authorization: Bearer METRICS_TOKEN`
 * (401 otherwise); with no token configured it is not there at all (the shop's 404). Under
 * WEB_CONCURRENCY the process that takes the request asks the primary, which adds up every
 * process's figures (prom-client's AggregatorRegistry): one scrape sees the whole shop.
 */
export function metricsEndpoint(token: string | undefined) {
  // A worker answers the primary's requests for its figures once an AggregatorRegistry exists
  // in it (prom-client adds its message listener then).
  if (token && cluster.isWorker) new client.AggregatorRegistry();
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!token) {
      next();
      return;
    }
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!sameSecret(token, given)) {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const { contentType, body } = cluster.isWorker ? await askPrimary() : await metricsText();
      res.set("Cache-Control", "no-store").type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}

function askPrimary(): Promise<{ contentType: string; body: string }> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("The primary process did not answer with the metrics."));
    }, 5_000);
    const onMessage = (message: { type?: string; id?: string; body?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve({ contentType: client.register.contentType, body: message.body ?? "" });
    };
    process.on("message", onMessage);
    process.send?.({ type: ASK, id });
  });
}

/** In the primary: answers a worker's request with every worker's metrics added up. */
export function serveClusterMetrics() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: ANSWER, id: message.id, body }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
