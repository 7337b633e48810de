import { LogOut, PanelLeft, UserRound } from "lucide-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, useFetcher, useLocation } from "react-router";
import { Toaster } from "~/components/store/toaster";
import { Button } from "~/components/admin/ui/button";
import type { SessionUser } from "~/domain/auth/roles";
import { cn } from "~/lib/cn";
import { notify } from "~/lib/notify";
import {
  ADMIN_NAV,
  OWNER_NAV,
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE,
  type NavItem,
} from "./nav-items";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

/**
 * The back office's frame: a sidebar (16rem, 3rem collapsed; an 18rem sheet on phones) whose
 * state is kept in a cookie for 7 days and toggled with Ctrl/Cmd+B, and the top bar.
 */
export function AdminShell({
  user,
  sidebarOpen,
  counts = {},
  children,
}: {
  user: SessionUser;
  sidebarOpen: boolean;
  /** Figures shown beside sidebar entries, by the entry's URL (new enquiries). */
  counts?: Record<string, number>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(sidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (window.matchMedia("(max-width: 767px)").matches) {
      setMobileOpen((v) => !v);
      return;
    }
    setOpen((current) => {
      const next = !current;
      document.cookie = `${SIDEBAR_COOKIE}=${next ? "expanded" : "collapsed"}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const groups = [
    { label: "Admin", items: ADMIN_NAV },
    ...(user.role === "owner" ? [{ label: "Owner", items: OWNER_NAV }] : []),
  ];

  return (
    <div className="flex min-h-dvh bg-muted/30">
      <aside
        data-testid="admin-sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-background transition-[width] duration-200 md:flex",
          open ? "w-64" : "w-12",
        )}
      >
        <SidebarContent groups={groups} collapsed={!open} counts={counts} />
      </aside>
      {mobileOpen && (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal aria-label="Menu">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-black/50"
            onClick={() => setMobileOpen(false)}
          />
          <aside className="relative flex h-full w-72 flex-col bg-background shadow-lg">
            <SidebarContent
              groups={groups}
              collapsed={false}
              counts={counts}
              onNavigate={() => setMobileOpen(false)}
            />
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background px-4">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={toggle}
            aria-label="Toggle Sidebar"
            title="Toggle Sidebar (Ctrl+B)"
          >
            <PanelLeft />
          </Button>
          <p className="text-lg font-semibold">Admin Panel</p>
          <div className="ml-auto">
            <AccountMenu user={user} />
          </div>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
      <Toaster />
      <style>{CARD_KEYFRAMES}</style>
    </div>
  );
}

const CARD_KEYFRAMES =
  "@keyframes admin-card-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}";

function SidebarContent({
  groups,
  collapsed,
  counts,
  onNavigate,
}: {
  groups: { label: string; items: NavItem[] }[];
  collapsed: boolean;
  counts: Record<string, number>;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Admin" className="flex flex-1 flex-col gap-4 overflow-y-auto p-2">
      <Link
        to="/"
        className={cn(
          "flex h-10 items-center gap-2 px-2 font-bold",
          collapsed && "justify-center px-0",
        )}
        title="Slumber Corner Beds: the shop"
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-xs text-primary-foreground"
        >
          SC
        </span>
        <span className={collapsed ? "sr-only" : "truncate"}>Slumber Corner</span>
      </Link>
      {groups.map((group) => (
        <div key={group.label}>
          {!collapsed && (
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground">{group.label}</p>
          )}
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <li key={item.url}>
                <SidebarItem
                  item={item}
                  collapsed={collapsed}
                  count={counts[item.url] ?? 0}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SidebarItem({
  item,
  collapsed,
  count,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  count: number;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const { pathname } = useLocation();
  const alsoHere = item.also?.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  const base = cn(
    "relative flex h-9 items-center gap-2 rounded-md px-2 text-sm",
    collapsed && "justify-center px-0",
  );
  return (
    <NavLink
      to={item.url}
      end={item.url === "/admin"}
      onClick={onNavigate}
      title={collapsed ? item.title : undefined}
      className={({ isActive }) =>
        cn(
          base,
          isActive || alsoHere ? "bg-muted font-medium text-foreground" : "hover:bg-muted/60",
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {collapsed ? (
        <span className="sr-only">{item.title}</span>
      ) : (
        <span className="truncate">{item.title}</span>
      )}
      {count > 0 && <NavCount count={count} label={item.countLabel} collapsed={collapsed} />}
    </NavLink>
  );
}

/** A sidebar entry's figure: a pill beside the title, a dot on the icon when collapsed. */
function NavCount({
  count,
  label,
  collapsed,
}: {
  count: number;
  label?: string;
  collapsed: boolean;
}) {
  const text = label ? ` ${label}` : "";
  if (collapsed) {
    return (
      <span className="absolute top-1.5 right-1.5 size-2 rounded-full bg-primary">
        <span className="sr-only">
          {count}
          {text}
        </span>
      </span>
    );
  }
  return (
    <span
      className="ml-auto rounded-full bg-primary px-1.5 text-xs leading-5 font-medium text-primary-foreground"
      data-testid="nav-count"
    >
      {count}
      <span className="sr-only">{text}</span>
    </span>
  );
}

function AccountMenu({ user }: { user: SessionUser }) {
  const signOut = useFetcher<{ ok: false; alert: { title: string; description: string } }>();
  useEffect(() => {
    if (signOut.state === "idle" && signOut.data && !signOut.data.ok) {
      notify.error(signOut.data.alert.title, { description: signOut.data.alert.description });
    }
  }, [signOut.state, signOut.data]);
  const initials = (user.name || user.email).slice(0, 2).toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {/* Named by its text, not aria-label: the initials alone would not match the name. */}
          <span aria-hidden>{initials}</span>
          <span className="sr-only">Account menu</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate">{user.email}</span>
          <span className="block text-xs font-normal text-muted-foreground capitalize">
            {user.role}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/admin/account">
            <UserRound aria-hidden /> My Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => void signOut.submit(null, { method: "post", action: "/auth/sign-out" })}
        >
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
