// What every organization-wide view says of the reads it is made of: how far they have come, and the funds that
// could not be read. Browser-safe.

/** A fund whose investors could not be read, named wherever a view that spans funds is shown. */
export interface FailedFund {
  id: string;
  name: string;
  /** The status our own API gives for that fund's list (504 for a timeout; 503 not read yet). */
  status: number;
  message: string;
}

export interface DirectoryProgress {
  /** Funds tried (read or failed) and funds in all. */
  read: number;
  total: number;
}
