import { describe, expect, it } from "vitest";
import { CliError, parseCliArgs } from "./cli-args";

function options(...argv: string[]) {
  const parsed = parseCliArgs(argv);
  if (parsed.help) throw new Error("unexpected --help");
  return parsed.options;
}

describe("demo API command line", () => {
  it("has no faulty funds unless asked, and parses INDEX:KIND pairs", () => {
    expect(options().faultyFunds).toBeUndefined();
    expect(options("--faulty-funds", "5:error, 7:malformed,9:hang").faultyFunds).toEqual([
      { index: 5, kind: "error" },
      { index: 7, kind: "malformed" },
      { index: 9, kind: "hang" },
    ]);
  });

  it("refuses malformed faulty-fund pairs", () => {
    for (const value of ["5", "5:slow", "x:error", "-1:error", "5:error:1"]) {
      expect(() => parseCliArgs(["--faulty-funds", value]), value).toThrow(CliError);
    }
  });

  it("takes --shape examples or reference, nothing else", () => {
    expect(options().shape).toBeUndefined();
    expect(options("--shape", "reference").shape).toBe("reference");
    expect(options("--shape", "examples").shape).toBe("examples");
    expect(() => parseCliArgs(["--shape", "nested"])).toThrow(CliError);
  });

  it("keeps the existing flags: sizes, rates, latency, token", () => {
    const parsed = options(
      "--funds",
      "30",
      "--fund-sizes",
      "1,2",
      "--error-rate",
      "0.5",
      "--latency",
      "20",
      "--token",
      "t",
      "--admin",
    );
    expect(parsed).toMatchObject({ fundCount: 30, fundSizes: [1, 2], admin: true, token: "t", port: 4010 });
    expect(parsed.faults).toEqual({ error5xx: 0.5, latencyMs: 20 });
    expect(parseCliArgs(["-h"])).toEqual({ help: true });
    expect(() => parseCliArgs(["--error-rate", "2"])).toThrow(CliError);
    expect(() => parseCliArgs(["--bogus"])).toThrow(CliError);
  });
});
