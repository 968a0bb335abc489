import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import {
  AlertRuleSettings,
  type AlertRuleSettingsItem,
  type AlertRuleSettingsProps,
} from "./alert-rule-settings";

const rules: AlertRuleSettingsItem[] = [
  {
    id: "engagement",
    name: "Engagement spike or drop",
    description: "The week's engagement per post is beyond the brand's usual range of the 12 weeks before.",
    enabled: true,
    sensitivity: "medium",
    muted: false,
  },
  {
    id: "competitor_breakout",
    name: "Competitor breakout post",
    description: "A competitor you follow has a post far above its usual engagement.",
    enabled: true,
    sensitivity: "high",
    muted: true,
  },
  {
    id: "source_failing",
    name: "Data source failing",
    description: "A data source of the brand has been failing for hours.",
    enabled: false,
    sensitivity: "low",
    muted: false,
  },
];

/** Keeps what the callbacks report, as the app does once the server stored it. */
function Stateful(props: AlertRuleSettingsProps) {
  const [state, setState] = React.useState(props.rules);
  return (
    <AlertRuleSettings
      {...props}
      rules={state}
      onRuleChange={(id, setting) => {
        props.onRuleChange?.(id, setting);
        setState((all) => all.map((r) => (r.id === id ? { ...r, ...setting } : r)));
      }}
      onMutedChange={(id, muted) => {
        props.onMutedChange(id, muted);
        setState((all) => all.map((r) => (r.id === id ? { ...r, muted } : r)));
      }}
    />
  );
}

const meta = {
  title: "Forms/Alert rule settings",
  component: AlertRuleSettings,
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
  args: { rules, canEdit: true, onRuleChange: fn(), onMutedChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof AlertRuleSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const engagement = canvas.getByRole("switch", { name: "Engagement spike or drop: On for the workspace" });
    await expect(engagement).toBeChecked();
    await expect(
      canvas.getByRole("switch", { name: "Data source failing: On for the workspace" }),
    ).not.toBeChecked();
    await userEvent.click(engagement);
    await expect(engagement).not.toBeChecked();
    await expect(args.onRuleChange).toHaveBeenLastCalledWith("engagement", {
      enabled: false,
      sensitivity: "medium",
    });

    // The sensitivity keeps the rule's on/off state.
    await userEvent.click(canvas.getByRole("combobox", { name: "Competitor breakout post: Sensitivity" }));
    await userEvent.click(await within(document.body).findByRole("option", { name: "Low" }));
    await expect(args.onRuleChange).toHaveBeenLastCalledWith("competitor_breakout", {
      enabled: true,
      sensitivity: "low",
    });
    await expect(
      canvas.getByRole("combobox", { name: "Competitor breakout post: Sensitivity" }),
    ).toHaveTextContent("Low");

    const mute = canvas.getByRole("switch", { name: "Competitor breakout post: Mute for me" });
    await expect(mute).toBeChecked();
    await userEvent.click(mute);
    await expect(args.onMutedChange).toHaveBeenLastCalledWith("competitor_breakout", false);
  },
};

export const Member: Story = {
  args: {
    canEdit: false,
    notice: "Your workspace's admins choose which rules are on. You can mute any of them for yourself.",
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("switch", { name: /On for the workspace/ })).toBeNull();
    await expect(canvas.queryByRole("combobox")).toBeNull();
    await expect(canvas.getByText("On for the workspace, medium sensitivity")).toBeVisible();
    await expect(canvas.getByText("Off for the workspace")).toBeVisible();
    await userEvent.click(canvas.getByRole("switch", { name: "Engagement spike or drop: Mute for me" }));
    await expect(args.onMutedChange).toHaveBeenLastCalledWith("engagement", true);
    await expect(args.onRuleChange).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const control of [...canvas.getAllByRole("switch"), ...canvas.getAllByRole("combobox")]) {
      await expect(control).toBeDisabled();
    }
  },
};
