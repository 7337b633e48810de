/** The four social networks the footer and home page link to, in order. */
export const SOCIAL_NETWORKS = [
  { key: "facebook", label: "Facebook", icon: "thumbs-up" },
  { key: "instagram", label: "Instagram", icon: "camera" },
  { key: "tiktok", label: "TikTok", icon: "eighth-note" },
  { key: "youtube", label: "YouTube", icon: "play" },
] as const;
