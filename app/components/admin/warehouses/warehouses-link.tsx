import { Warehouse } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/admin/ui/button";

/** The way from the inventory pages to the warehouses page (a header button). */
export function WarehousesLink() {
  return (
    <Button asChild variant="outline">
      <Link to="/admin/inventory/warehouses">
        <Warehouse aria-hidden /> Warehouses
      </Link>
    </Button>
  );
}
