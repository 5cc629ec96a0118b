/**
 * How the crawler names itself. Site owners match the token in robots.txt (`User-agent:
 * SightlineBot`) and see the full string, with the page that explains the bot, in their logs.
 */
export const CRAWLER_TOKEN = "SightlineBot"
export const CRAWLER_USER_AGENT = "SightlineBot/1.0 (+https://sightline.example/bot)"
