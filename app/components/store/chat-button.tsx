import { MessageCircle } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useStoreSettings } from "./use-store-settings";

export const CHAT_GREETING = "Hi, I'm interested in your beds and mattresses!";

export function whatsappHref(number: string, text: string = CHAT_GREETING) {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function ChatButton() {
  const { whatsapp } = useStoreSettings();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <a
          href={whatsappHref(whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp"
          className="fixed right-4 bottom-4 z-40 grid size-14 place-items-center rounded-full bg-[#25D366] text-white shadow-lg transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <MessageCircle className="size-7" aria-hidden />
        </a>
      </TooltipTrigger>
      <TooltipContent side="left">Chat with us on WhatsApp</TooltipContent>
    </Tooltip>
  );
}
