import { describeKeptReads } from "./kept.suite";

describeKeptReads("pglite");
