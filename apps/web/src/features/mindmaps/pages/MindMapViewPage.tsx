import { MinusOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { layoutMindMap, MIND_FONT_SIZE, mindNodeFill, mindTemplate } from '@taxlens/shared';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { mindApi } from '../mind-api';

const clampZoom = (zoom: number) => Math.min(3, Math.max(0.2, zoom));

/**
 * /mind/view?id=: the map drawn as vector SVG by the same layout as the server's SVG export.
 * Pan by dragging, zoom by wheel or buttons, fold a topic by clicking it.
 */
export function MindMapViewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const map = useQuery({ queryKey: ['mind', 'tree', id], queryFn: ({ signal }) => mindApi.tree(id, signal) });
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [view, setView] = useState({ x: 0, y: 0, zoom: 1 });
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const layout = useMemo(() => (map.data ? layoutMindMap(map.data.tree, collapsed) : null), [map.data, collapsed]);
  const template = mindTemplate(map.data?.template ?? 'business');

  const toggle = (nodeId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(nodeId)) next.delete(nodeId);
      else next.add(nodeId);
      return next;
    });
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    if (!start) return;
    // The viewBox fits the whole map into the canvas: a screen pixel is 1/scale map units.
    const box = event.currentTarget.getBoundingClientRect();
    const scale = layout ? Math.min(box.width / layout.width, box.height / layout.height) || 1 : 1;
    const dx = (event.clientX - start.x) / scale;
    const dy = (event.clientY - start.y) / scale;
    if (Math.abs(dx) + Math.abs(dy) > 3) start.moved = true;
    drag.current = { x: event.clientX, y: event.clientY, moved: start.moved };
    setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
  };

  return (
    <PageFrame
      title={t('mindMap.routes.view')}
      back={{ to: '/mind/list', label: t('mindMap.viewer.back') }}
      testId="mind-map-view"
      extra={
        <Space>
          <Button
            icon={<PlusOutlined />}
            aria-label={t('mindMap.viewer.zoomIn')}
            onClick={() => setView((v) => ({ ...v, zoom: clampZoom(v.zoom * 1.25) }))}
          />
          <Button
            icon={<MinusOutlined />}
            aria-label={t('mindMap.viewer.zoomOut')}
            onClick={() => setView((v) => ({ ...v, zoom: clampZoom(v.zoom / 1.25) }))}
          />
          <Button
            icon={<UndoOutlined />}
            aria-label={t('mindMap.viewer.reset')}
            onClick={() => setView({ x: 0, y: 0, zoom: 1 })}
          />
        </Space>
      }
    >
      <Typography.Text type="secondary">{t('mindMap.viewer.hint')}</Typography.Text>
      {map.error && <Alert type="error" showIcon message={map.error.message} />}
      {map.isLoading && <Spin />}
      {layout && (
        <svg
          role="img"
          aria-label={map.data?.tree.title}
          data-testid="mind-canvas"
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          preserveAspectRatio="xMidYMid meet"
          style={{
            width: '100%',
            height: '70vh',
            marginTop: 12,
            background: '#fff',
            border: '1px solid #e2e8f0',
            borderRadius: 8,
            touchAction: 'none',
            cursor: 'grab',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            setTimeout(() => {
              drag.current = null;
            });
          }}
          onPointerLeave={() => {
            drag.current = null;
          }}
          onWheel={(event) => setView((v) => ({ ...v, zoom: clampZoom(v.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1)) }))}
        >
          <g transform={`translate(${view.x},${view.y}) scale(${view.zoom})`}>
            {layout.edges.map((edge) => (
              <path key={`${edge.from}-${edge.to}`} d={edge.d} fill="none" stroke={template.line} strokeWidth={1.5} />
            ))}
            {layout.nodes.map((node) => (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it carries the role instead
              <g
                key={node.id}
                role="button"
                tabIndex={node.childCount > 0 ? 0 : -1}
                data-node={node.id}
                style={{ cursor: node.childCount > 0 ? 'pointer' : 'default' }}
                onClick={() => {
                  if (node.childCount > 0 && !drag.current?.moved) toggle(node.id);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && node.childCount > 0) toggle(node.id);
                }}
              >
                <rect
                  x={node.x}
                  y={node.y}
                  width={node.width}
                  height={node.height}
                  rx={6}
                  fill={mindNodeFill(node.tone, template.id)}
                  stroke={template.line}
                  strokeWidth={node.tone === 'root' ? 0 : 1}
                />
                <text
                  x={node.x + 14}
                  y={node.y + node.height / 2}
                  dominantBaseline="central"
                  fontSize={node.tone === 'root' ? 16 : MIND_FONT_SIZE}
                  fill={node.tone === 'root' ? '#fff' : '#0f172a'}
                >
                  {node.title}
                </text>
                {node.collapsed && (
                  <text
                    x={node.x + node.width + 4}
                    y={node.y + node.height / 2}
                    dominantBaseline="central"
                    fontSize={12}
                    fill={template.line}
                  >
                    +{node.childCount}
                  </text>
                )}
              </g>
            ))}
          </g>
        </svg>
      )}
    </PageFrame>
  );
}

/** /guide-page/mind-map: what mind maps are, for a group without the service (mindPriceAuth 0). */
export function GuideMindMapPage() {
  return (
    <PageFrame title={t('mindMap.guide.title')} testId="guide-mind-map">
      <Typography.Paragraph>{t('mindMap.guide.body')}</Typography.Paragraph>
    </PageFrame>
  );
}
