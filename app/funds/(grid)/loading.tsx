import { TableSkeleton } from "@/components/ui/table-skeleton";

export default function FundsLoading() {
  return <TableSkeleton label="Loading funds" />;
}
