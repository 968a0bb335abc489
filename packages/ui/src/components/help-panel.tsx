import { ChevronDown, X } from "lucide-react";
import { Accordion, Dialog as DialogPrimitive, ToggleGroup } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { useReturnFocus } from "../lib/use-return-focus";

/** The module filters (docs/product.md §3 "Enumerations"). */
export type HelpModule = "all" | "competitor" | "content" | "audience" | "influencer" | "intent";

export const helpModuleLabels: Record<HelpModule, string> = {
  all: "All",
  content: "Content",
  competitor: "Competitors",
  audience: "Audience",
  influencer: "Influencers",
  intent: "Intent",
};

const moduleOrder: readonly HelpModule[] = [
  "all",
  "content",
  "competitor",
  "audience",
  "influencer",
  "intent",
];

export type HelpTopic = {
  id: string;
  /** The module it belongs to; it shows under that filter and under All. */
  module: Exclude<HelpModule, "all">;
  title: string;
  body: React.ReactNode;
};

/** A topic about every module (periods, data sources, plan limits): no module of its own. */
export type HelpSharedTopic = Omit<HelpTopic, "module">;

export type HelpPanelProps = Omit<React.ComponentProps<typeof DialogPrimitive.Content>, "children"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  topics: readonly HelpTopic[];
  /** Topics about every module: listed under each filter after the module's own, labelled 'Every module'. */
  sharedTopics?: readonly HelpSharedTopic[];
  /** The chosen filter, controlled (e.g. preset to the module the user is on)… */
  module?: HelpModule;
  onModuleChange?: (module: HelpModule) => void;
  /** …or uncontrolled, starting here ('all' by default). */
  defaultModule?: HelpModule;
  title?: string;
  description?: string;
  /** Under the topics, e.g. a contact link. */
  footer?: React.ReactNode;
};

/** A side sheet of help topics, filterable by module. Content comes in as data; focus stays inside while open. */
export function HelpPanel({
  className,
  open,
  onOpenChange,
  topics,
  sharedTopics = [],
  module: moduleProp,
  onModuleChange,
  defaultModule = "all",
  title = "Help",
  description = "Answers to common questions about each Brandscope module.",
  footer,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: HelpPanelProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const [uncontrolledModule, setUncontrolledModule] = React.useState<HelpModule>(defaultModule);
  const module = moduleProp ?? uncontrolledModule;
  const setModule = (next: HelpModule) => {
    setUncontrolledModule(next);
    onModuleChange?.(next);
  };
  const shown: readonly (HelpTopic | HelpSharedTopic)[] = [
    ...(module === "all" ? topics : topics.filter((topic) => topic.module === module)),
    ...sharedTopics,
  ];
  const listId = React.useId();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-slot="help-panel-overlay" className="bg-overlay fixed inset-0 z-50" />
        <DialogPrimitive.Content
          data-slot="help-panel"
          className={cn(
            "bg-background text-foreground fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l shadow-lg outline-none",
            className,
          )}
          {...props}
          {...returnFocus}
        >
          <header
            data-slot="help-panel-header"
            className="flex flex-col gap-1.5 border-b px-6 pt-6 pr-14 pb-4"
          >
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-muted-foreground text-sm">
              {description}
            </DialogPrimitive.Description>
          </header>
          <div data-slot="help-panel-filter" className="border-b px-6 py-3">
            <ToggleGroup.Root
              type="single"
              value={module}
              onValueChange={(value) => {
                // A single toggle group reports "" when the pressed item is pressed again: keep the choice.
                if (value) setModule(value as HelpModule);
              }}
              aria-label="Filter by module"
              aria-controls={listId}
              className="flex flex-wrap gap-1.5"
            >
              {moduleOrder.map((value) => (
                <ToggleGroup.Item
                  key={value}
                  value={value}
                  className={cn(
                    "border-input text-muted-foreground hover:bg-muted hover:text-foreground h-7 rounded-full border px-3 text-xs font-medium",
                    "data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground",
                    "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
                  )}
                >
                  {helpModuleLabels[value]}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          </div>
          <div id={listId} data-slot="help-panel-topics" className="flex-1 overflow-y-auto px-6 py-2">
            {shown.length === 0 ? (
              <p className="text-muted-foreground py-8 text-center text-sm">
                No help topics for {helpModuleLabels[module]} yet.
              </p>
            ) : (
              <Accordion.Root type="multiple" className="flex flex-col">
                {shown.map((topic) => (
                  <Accordion.Item
                    key={topic.id}
                    value={topic.id}
                    data-slot="help-panel-topic"
                    className="border-b last:border-b-0"
                  >
                    <Accordion.Header>
                      <Accordion.Trigger
                        className={cn(
                          "group flex w-full items-center justify-between gap-3 py-3 text-left text-sm font-medium",
                          "focus-visible:ring-ring/50 rounded-sm outline-none focus-visible:ring-[3px]",
                        )}
                      >
                        <span className="flex flex-col gap-0.5">
                          <span>{topic.title}</span>
                          {module === "all" ? (
                            <span className="text-muted-foreground text-xs font-normal">
                              {"module" in topic ? helpModuleLabels[topic.module] : "Every module"}
                            </span>
                          ) : null}
                        </span>
                        <ChevronDown
                          aria-hidden="true"
                          className="text-muted-foreground size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                        />
                      </Accordion.Trigger>
                    </Accordion.Header>
                    <Accordion.Content className="text-muted-foreground pb-4 text-sm leading-relaxed">
                      {topic.body}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            )}
          </div>
          {footer ? (
            <footer data-slot="help-panel-footer" className="border-t px-6 py-4 text-sm">
              {footer}
            </footer>
          ) : null}
          <DialogPrimitive.Close
            aria-label="Close"
            className={cn(
              "text-muted-foreground hover:bg-muted hover:text-foreground absolute top-5 right-4 grid size-8 place-items-center rounded-md",
              "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-4",
            )}
          >
            <X aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
