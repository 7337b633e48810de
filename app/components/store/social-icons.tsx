import { Camera, Music2, Play, ThumbsUp } from "lucide-react";

/** The four social networks the footer and home page link to, in order. */
export const SOCIAL_NETWORKS = [
  { key: "facebook", label: "Facebook", Icon: ThumbsUp },
  { key: "instagram", label: "Instagram", Icon: Camera },
  { key: "tiktok", label: "TikTok", Icon: Music2 },
  { key: "youtube", label: "YouTube", Icon: Play },
] as const;
