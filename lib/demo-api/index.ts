// Public surface of the demo Customer API.
export { defaultDemoConfig, resolveDemoConfig, type DemoConfig } from "./config";
export { noFaults, type DemoStats, type FaultKind, type FaultState } from "./faults";
export { startDemoApi, type DemoApi, type DemoApiOptions, type DemoControls } from "./server";
export { createDemoStore, type DemoStore, type InvestorPage } from "./store";
export type { DemoFund, DemoInvestor } from "./types";
