import { describe, expect, it } from "vitest";
import { workerEnv, workerExecArgv } from "../../../server/worker-settings";

describe("the settings the server processes start with", () => {
  it("caps V8's young generation at 8 MB a half, after the primary's own arguments", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=8",
    ]);
  });

  it("keeps a young generation size set for the shop, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=32"])).toEqual(["--max-semi-space-size=32"]);
    expect(workerExecArgv([], "--max-old-space-size=512 --max_semi_space_size=4")).toEqual([]);
    // Another flag that only starts the same way is not the shop's choice of size.
    expect(workerExecArgv([], "--max-semi-space-size-x")).toEqual(["--max-semi-space-size=8"]);
  });

  it("gives the C library two memory arenas unless the shop set a number", () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(workerEnv({ MALLOC_ARENA_MAX: "4" })).toEqual({ MALLOC_ARENA_MAX: "4" });
  });
});
