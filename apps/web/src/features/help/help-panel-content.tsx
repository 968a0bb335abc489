import { type HelpModule, HelpPanel, type HelpSharedTopic, type HelpTopic } from "@brandscope/ui/help-panel";
import { type HelpTopicData, helpTopics } from "./help-topics";

/*
 * The help panel with its content: its own chunk, loaded the first time Help is opened (help-launcher.tsx).
 */
function toBody(topic: HelpTopicData) {
  return (
    <div className="flex flex-col gap-2">
      {topic.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {topic.source ? (
        <p>
          <span className="text-foreground font-medium">Where it comes from: </span>
          {topic.source}
        </p>
      ) : null}
    </div>
  );
}

const topics: HelpTopic[] = [];
const sharedTopics: HelpSharedTopic[] = [];
for (const topic of helpTopics) {
  const shown = { id: topic.id, title: topic.title, body: toBody(topic) };
  if (topic.module === "all") sharedTopics.push(shown);
  else topics.push({ ...shown, module: topic.module });
}

export type HelpPanelContentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  module: HelpModule;
  onModuleChange: (module: HelpModule) => void;
};

export default function HelpPanelContent(props: HelpPanelContentProps) {
  return (
    <HelpPanel
      {...props}
      topics={topics}
      sharedTopics={sharedTopics}
      description="What each figure means and where it comes from."
    />
  );
}
