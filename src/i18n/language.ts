/** A language the kit has messages for (`catalogs` holds exactly these). */
export type Language = "en" | "ru" | "zh" | "vi";
