import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { Fragment, type CSSProperties } from "react";
import { formatMoney } from "~/lib/money";
import { linkPieces, type MailContent, type MailShop, type MailTotal } from "./mail-content";

// The storefront's theme tokens (app/app.css) in hex: e-mail clients know no oklch.
const LIGHT = {
  page: "#f3f4f6",
  card: "#ffffff",
  text: "#131922",
  muted: "#545b66",
  border: "#e0e1e5",
  brand: "#154d8c",
  onBrand: "#ffffff",
};
const DARK = {
  page: "#0c1016",
  card: "#14181f",
  text: "#f0f2f5",
  muted: "#9fa5ae",
  border: "#292e36",
  brand: "#69a1e8",
  onBrand: "#0c1016",
};

// Clients that follow the reader's dark mode take these; the rest invert or keep the light set,
// which reads well too. Inline styles carry the light set, so `!important` is needed here.
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: ${DARK.page} !important; }
  .mail-card { background-color: ${DARK.card} !important; border-color: ${DARK.border} !important; border-top-color: ${DARK.brand} !important; }
  .mail-text { color: ${DARK.text} !important; }
  .mail-muted { color: ${DARK.muted} !important; }
  .mail-brand, .mail-link { color: ${DARK.brand} !important; }
  .mail-rule { border-color: ${DARK.border} !important; }
  .mail-button { background-color: ${DARK.brand} !important; color: ${DARK.onBrand} !important; }
}`;

// The reader's own fonts: no remote fonts to fetch or block.
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const text: CSSProperties = {
  color: LIGHT.text,
  fontSize: "16px",
  lineHeight: "24px",
  margin: "0 0 16px",
};
const muted: CSSProperties = {
  color: LIGHT.muted,
  fontSize: "14px",
  lineHeight: "20px",
  margin: "0 0 4px",
};
const cell: CSSProperties = {
  padding: "8px 0",
  borderBottom: `1px solid ${LIGHT.border}`,
  color: LIGHT.text,
  fontSize: "15px",
  lineHeight: "22px",
  verticalAlign: "top",
};
const link: CSSProperties = {
  color: LIGHT.brand,
  textDecoration: "underline",
  wordBreak: "break-all",
};

/** The shop's one e-mail layout: every message the shop sends is this, filled with its content. */
export function ShopEmail(props: {
  shop: MailShop;
  origin: string;
  content: MailContent;
  preview: string;
}) {
  const { shop, origin, content } = props;
  return (
    <Html lang="en-ZA" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.heading}</title>
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        className="mail-page"
        style={{ backgroundColor: LIGHT.page, margin: 0, padding: 0, fontFamily: FONT }}
      >
        <Section className="mail-page" style={{ backgroundColor: LIGHT.page, padding: "24px 8px" }}>
          <Container
            className="mail-card"
            style={{
              backgroundColor: LIGHT.card,
              border: `1px solid ${LIGHT.border}`,
              borderTop: `4px solid ${LIGHT.brand}`,
              borderRadius: "8px",
              maxWidth: "600px",
              padding: "24px 28px",
            }}
          >
            <Link
              href={`${origin}/`}
              className="mail-brand"
              style={{
                color: LIGHT.brand,
                fontSize: "20px",
                fontWeight: 700,
                textDecoration: "none",
              }}
            >
              {/* The storefront's mark: the name's initial on the brand colour, drawn in HTML
                  so it shows with images off. */}
              <span
                aria-hidden="true"
                className="mail-button"
                style={{
                  display: "inline-block",
                  width: "32px",
                  height: "32px",
                  lineHeight: "32px",
                  marginRight: "10px",
                  borderRadius: "8px",
                  backgroundColor: LIGHT.brand,
                  color: LIGHT.onBrand,
                  textAlign: "center",
                  fontSize: "18px",
                  verticalAlign: "middle",
                }}
              >
                {shop.name.charAt(0)}
              </span>
              <span style={{ verticalAlign: "middle" }}>{shop.name}</span>
            </Link>
            <Heading
              as="h1"
              className="mail-text"
              style={{
                color: LIGHT.text,
                fontSize: "24px",
                lineHeight: "32px",
                margin: "20px 0 16px",
              }}
            >
              {content.heading}
            </Heading>
            <Paragraphs paragraphs={content.paragraphs} origin={origin} />
            {content.lines?.length || content.totals?.length ? (
              <OrderTable content={content} />
            ) : null}
            {content.action ? (
              <Section style={{ margin: "8px 0 24px" }}>
                <Button
                  href={content.action.url}
                  className="mail-button"
                  style={{
                    backgroundColor: LIGHT.brand,
                    color: LIGHT.onBrand,
                    borderRadius: "6px",
                    fontSize: "16px",
                    fontWeight: 600,
                    padding: "12px 20px",
                    textDecoration: "none",
                  }}
                >
                  {content.action.label}
                </Button>
              </Section>
            ) : null}
            <Paragraphs paragraphs={content.after} origin={origin} />
            <Hr
              className="mail-rule"
              style={{ borderColor: LIGHT.border, margin: "24px 0 16px" }}
            />
            <Footer shop={shop} marketing={content.marketing} />
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

/** Text paragraphs; only a URL on the shop's origin becomes a link (`linkPieces`). */
function Paragraphs({ paragraphs, origin }: { paragraphs?: string[]; origin: string }) {
  return paragraphs?.map((paragraph, i) => (
    <Text key={i} className="mail-text" style={text}>
      {paragraph.split("\n").map((line, j) => (
        <Fragment key={j}>
          {j > 0 ? <br /> : null}
          {linkPieces(line, origin).map((piece, k) =>
            "url" in piece ? (
              <Link key={k} href={piece.url} className="mail-link" style={link}>
                {piece.url}
              </Link>
            ) : (
              <Fragment key={k}>{piece.text}</Fragment>
            ),
          )}
        </Fragment>
      ))}
    </Text>
  ));
}

const money = (cents: number) => formatMoney(cents, { cents: true });
const totalValue = (t: MailTotal) => (typeof t.value === "number" ? money(t.value) : t.value);

function OrderTable({ content }: { content: MailContent }) {
  const head: CSSProperties = {
    ...cell,
    color: LIGHT.muted,
    fontSize: "13px",
    fontWeight: 600,
    textAlign: "left",
  };
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "0 0 20px" }}
    >
      {content.lines?.length ? (
        <thead>
          <tr>
            <th className="mail-muted mail-rule" style={head} scope="col">
              Item
            </th>
            <th
              className="mail-muted mail-rule"
              style={{ ...head, textAlign: "center", width: "48px" }}
              scope="col"
            >
              Qty
            </th>
            <th
              className="mail-muted mail-rule"
              style={{ ...head, textAlign: "right", width: "120px" }}
              scope="col"
            >
              Amount
            </th>
          </tr>
        </thead>
      ) : null}
      <tbody>
        {content.lines?.map((line, i) => (
          <tr key={`line-${i}`}>
            <td className="mail-text mail-rule" style={cell}>
              {line.description}
            </td>
            <td className="mail-text mail-rule" style={{ ...cell, textAlign: "center" }}>
              {line.quantity}
            </td>
            <td
              className="mail-text mail-rule"
              style={{ ...cell, textAlign: "right", whiteSpace: "nowrap" }}
            >
              {money(line.amountCents)}
            </td>
          </tr>
        ))}
        {content.totals?.map((total, i) => (
          <tr key={`total-${i}`}>
            <td
              className="mail-text"
              colSpan={2}
              style={{
                ...cell,
                borderBottom: "none",
                padding: "4px 0",
                fontWeight: total.strong ? 700 : 400,
              }}
            >
              {total.label}
            </td>
            <td
              className="mail-text"
              style={{
                ...cell,
                borderBottom: "none",
                padding: "4px 0",
                textAlign: "right",
                whiteSpace: "nowrap",
                fontWeight: total.strong ? 700 : 400,
              }}
            >
              {totalValue(total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Footer({ shop, marketing }: { shop: MailShop; marketing?: MailContent["marketing"] }) {
  return (
    <Section>
      <Text className="mail-muted" style={{ ...muted, fontWeight: 600 }}>
        {shop.name}
      </Text>
      {shop.address ? (
        <Text className="mail-muted" style={muted}>
          {shop.address}
        </Text>
      ) : null}
      <Text className="mail-muted" style={muted}>
        {shop.phone ? `Phone ${shop.phone} · ` : ""}
        {shop.email}
      </Text>
      {marketing ? (
        <Text className="mail-muted" style={{ ...muted, marginTop: "12px" }}>
          {`To stop receiving ${shop.name} newsletters, `}
          <Link href={marketing.unsubscribeUrl} className="mail-link" style={link}>
            unsubscribe here
          </Link>
          .
        </Text>
      ) : null}
    </Section>
  );
}
