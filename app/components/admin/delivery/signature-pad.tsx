import { Eraser } from "lucide-react";
import { useRef, type PointerEvent } from "react";
import { Button } from "~/components/admin/ui/button";

const WIDTH = 600;
const HEIGHT = 200;

/**
 * The receiver signs with a finger (or a mouse or pen): pointer events draw on a canvas and
 * each stroke's end writes the drawing as a PNG data URL into the hidden field `name`. Without
 * a pointer (keyboard, no script), the form's "Signed on the paper run sheet" box stands in.
 */
export function SignaturePad({
  name,
  id,
  error,
  onEdit,
}: {
  name: string;
  id: string;
  error?: string;
  onEdit?: (name: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const drawing = useRef(false);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };

  function down(event: PointerEvent<HTMLCanvasElement>) {
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.lineWidth = 3;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#111827";
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext("2d");
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  }

  function up() {
    if (!drawing.current) return;
    drawing.current = false;
    if (field.current && canvas.current)
      field.current.value = canvas.current.toDataURL("image/png");
    onEdit?.(name);
  }

  function clear() {
    canvas.current?.getContext("2d")?.clearRect(0, 0, WIDTH, HEIGHT);
    if (field.current) field.current.value = "";
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        Signature
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The receiver signs in the box with a finger.
      </p>
      <canvas
        ref={canvas}
        id={id}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(" ")}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-input bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <input ref={field} type="hidden" name={name} defaultValue="" />
      <Button type="button" variant="outline" className="h-11" onClick={clear}>
        <Eraser aria-hidden /> Clear signature
      </Button>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
