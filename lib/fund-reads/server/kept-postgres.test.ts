import { describeKeptReads } from "./kept.suite";

describeKeptReads("postgres");
