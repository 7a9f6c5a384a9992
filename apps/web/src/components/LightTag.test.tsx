import { CheckCircleFilled } from '@ant-design/icons';
import { cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { LightTag } from './LightTag';

afterEach(cleanup);

const token = theme.getDesignToken();
/** The colour as the browser normalises an inline style (rgb(...)). */
function css(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  return probe.style.color;
}

describe('LightTag: antd filled Tag colours and structure from the tokens', () => {
  it('a status tag takes its text and fill from the status tokens', () => {
    render(<LightTag color="success">发票 至2025-12</LightTag>);
    const tag = screen.getByText('发票 至2025-12');
    expect(tag.className).toBe('tl-tag');
    expect(tag.style.color).toBe(css(token.colorSuccess));
    expect(tag.style.backgroundColor).toBe(css(token.colorSuccessBg));
  });

  it('the preset red is red-7 on red-1, the default is the text on the solid tertiary fill', () => {
    render(
      <>
        <LightTag color="red">高风险 2</LightTag>
        <LightTag>未导入</LightTag>
      </>,
    );
    expect(screen.getByText('高风险 2').style.color).toBe(css(token.red7));
    expect(screen.getByText('高风险 2').style.backgroundColor).toBe(css(token.red1));
    const plain = screen.getByText('未导入');
    expect(plain.style.color).toBe(css(token.colorText));
    // rgba(0,0,0,0.04) on white, as antd's FastColor.onBackground gives: #f5f5f5.
    expect(plain.style.backgroundColor).toBe(css('#f5f5f5'));
  });

  it('with an icon the text is in its own span (the icon gap hangs on it), attributes pass through', () => {
    render(
      <LightTag
        color="processing"
        icon={<CheckCircleFilled />}
        title="已开通"
        data-granted
        className="tl-permission-tag"
      >
        发票穿透
      </LightTag>,
    );
    const tag = screen.getByTitle('已开通');
    expect(tag.className).toBe('tl-tag tl-permission-tag');
    expect(tag.getAttribute('data-granted')).toBe('true');
    expect(tag.children[0]?.classList.contains('anticon')).toBe(true);
    expect(tag.children[1]?.tagName).toBe('SPAN');
    expect(tag.children[1]?.textContent).toBe('发票穿透');
  });
});
