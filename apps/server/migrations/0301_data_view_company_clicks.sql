-- clickSearchVolume (spec §7): a group's users opening a company from the data view's company
-- search. The company pages show how often the group has looked a company up; counts are per
-- group and never shown to another group.
CREATE TABLE data_view_company_clicks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  user_id bigint NOT NULL REFERENCES users (id),
  credit_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_view_company_clicks_group ON data_view_company_clicks (group_id, credit_code, created_at DESC);
