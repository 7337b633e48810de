import { Icon } from "~/components/store/icon";
import { useStoreSettings } from "./use-store-settings";

export const CHAT_GREETING = "Hi, I'm interested in your beds and mattresses!";

export function whatsappHref(number: string, text: string = CHAT_GREETING) {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/**
 * The round chat button on every page. Its tooltip is plain CSS (shown after 700 ms of hover,
 * or on keyboard focus): a positioning library on every page would cost 20 KB of JavaScript.
 */
export function ChatButton() {
  const { whatsapp } = useStoreSettings();
  return (
    <div className="group fixed right-4 bottom-4 z-40">
      <a
        href={whatsappHref(whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp"
        aria-describedby="chat-tooltip"
        className="grid size-14 place-items-center rounded-full bg-[#25D366] text-white shadow-lg transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <Icon name="message-circle" className="size-7" />
      </a>
      <span
        id="chat-tooltip"
        role="tooltip"
        className="pointer-events-none invisible absolute top-1/2 right-full mr-2 -translate-y-1/2 rounded-md bg-foreground px-3 py-1.5 text-xs whitespace-nowrap text-background opacity-0 shadow transition-[opacity,visibility] group-hover:visible group-hover:opacity-100 group-hover:delay-700 group-has-[:focus-visible]:visible group-has-[:focus-visible]:opacity-100"
      >
        Chat with us on WhatsApp
      </span>
    </div>
  );
}
